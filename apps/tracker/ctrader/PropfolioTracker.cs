// PropfolioTracker for cTrader (a cBot, cTrader Automate): sends the account's balance, equity, open positions with
// their stops, daily reports and closed positions to a Propfolio service, reads the guard levels and raises the
// challenge's threshold alerts. It speaks docs/tracker-protocol.md exactly as the MetaTrader EAs do
// (apps/tracker/mql5/PropfolioTracker.mq5): the same bodies byte for byte (Wire below mirrors
// apps/tracker/src/protocol.ts), the same queue lines on disk, the same backoff and stops.
//
// cTrader has no MetaTrader "server" name: the account is registered as login = the account number, server =
// "<broker>-Live" or "<broker>-Demo" (IAccount.BrokerName, IAccount.IsLive), platform "ctrader". It trades nothing.
//
// Checked on Linux by Mono's C# compiler against our own stub of the Automate API (tools/ctrader-check), inside
// `npm test` (apps/tracker/test/ctrader-check.spec.ts).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using cAlgo.API;
using cAlgo.API.Internals;

namespace cAlgo.Robots
{
    /// <summary>The protocol's exact bytes (docs/tracker-protocol.md, "Requests"): pure functions, no platform.</summary>
    public static class Wire
    {
        public const string TrackerVersion = "1.0.0";
        public const int MaxOpenPositions = 200;
        public const int MaxPositionsPerMessage = 1000;

        /// <summary>Rounded half away from zero to 2 decimals, then without trailing zeros; never "-0".</summary>
        public static string FormatAmount(double value)
        {
            double cents = Math.Floor(Math.Abs(value) * 100 + 1e-7 + 0.5) * Math.Sign(value);
            return Strip((cents / 100).ToString("F2", CultureInfo.InvariantCulture));
        }

        /// <summary>A price or a volume: 8 decimals at most, half away from zero, without trailing zeros.</summary>
        public static string FormatQuantity(double value)
        {
            double units = Math.Floor(Math.Abs(value) * 1e8 + 1e-5 + 0.5) * Math.Sign(value);
            return Strip((units / 1e8).ToString("F8", CultureInfo.InvariantCulture));
        }

        static string Strip(string fixedText)
        {
            string text = fixedText.TrimEnd('0').TrimEnd('.');
            return text == "-0" || text == "" ? "0" : text;
        }

        public static double RoundAmount(double value)
        {
            return double.Parse(FormatAmount(value), CultureInfo.InvariantCulture);
        }

        /// <summary>A JSON string: quote, backslash and control characters escaped, everything else as is.</summary>
        public static string JsonString(string value)
        {
            var sb = new StringBuilder("\"");
            foreach (char c in value ?? "")
            {
                if (c == '"') sb.Append("\\\"");
                else if (c == '\\') sb.Append("\\\\");
                else if (c == '\n') sb.Append("\\n");
                else if (c == '\r') sb.Append("\\r");
                else if (c == '\t') sb.Append("\\t");
                else if (c < 0x20) sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                else sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        /// <summary>RFC 3986: every UTF-8 byte but A-Z a-z 0-9 - . _ ~ as %XX, upper case.</summary>
        public static string UrlEncode(string value)
        {
            var sb = new StringBuilder();
            foreach (byte b in new UTF8Encoding(false).GetBytes(value ?? ""))
            {
                char c = (char)b;
                bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
                if (plain) sb.Append(c);
                else sb.Append('%').Append(b.ToString("X2", CultureInfo.InvariantCulture));
            }
            return sb.ToString();
        }

        /// <summary>UTC to the second with a Z: 2026-03-05T14:03:00Z.</summary>
        public static string FormatInstant(DateTime utc)
        {
            return utc.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture);
        }

        /// <summary>An ISO 8601 instant with a zone, as the service answers it; DateTime.MinValue when unreadable.</summary>
        public static DateTime ParseInstant(string iso)
        {
            DateTime t;
            if (string.IsNullOrEmpty(iso) || iso == "null") return DateTime.MinValue;
            if (!DateTime.TryParse(iso, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out t))
                return DateTime.MinValue;
            return DateTime.SpecifyKind(t, DateTimeKind.Utc);
        }

        static string Nullable(double? value, Func<double, string> format)
        {
            return value.HasValue ? format(value.Value) : "null";
        }

        public static string RegisterBody(string login, string server, string currency, double initialBalance, string name)
        {
            return "{\"login\":" + JsonString(login) + ",\"server\":" + JsonString(server) + ",\"currency\":" + JsonString(currency) +
                   ",\"initialBalance\":" + FormatAmount(initialBalance) + ",\"platform\":\"ctrader\"" +
                   (string.IsNullOrEmpty(name) ? "" : ",\"name\":" + JsonString(name)) + "}";
        }

        /// <summary>A snapshot; openPositions is the array as written (null: left out, "not known").</summary>
        public static string SnapshotBody(string at, double balance, double equity, string openPositions)
        {
            return "{\"at\":" + JsonString(at) + ",\"balance\":" + FormatAmount(balance) + ",\"equity\":" + FormatAmount(equity) +
                   (openPositions == null ? "" : ",\"openPositions\":" + openPositions) + "}";
        }

        /// <summary>One open position; a loss at the stop is written only with its stop.</summary>
        public static string OpenPositionJson(string position, string symbol, bool buy, double volume, string openedAt, double? stopLoss, double? lossAtStop)
        {
            return "{\"position\":" + JsonString(position) + ",\"symbol\":" + JsonString(symbol) + ",\"side\":" + JsonString(buy ? "buy" : "sell") +
                   ",\"volume\":" + FormatQuantity(volume) + ",\"openedAt\":" + JsonString(openedAt) + ",\"stopLoss\":" + Nullable(stopLoss, FormatQuantity) +
                   ",\"lossAtStop\":" + (stopLoss.HasValue ? Nullable(lossAtStop, FormatAmount) : "null") + "}";
        }

        public static string ReportBody(string date, double balance, double equity, double closedPnl)
        {
            return "{\"date\":" + JsonString(date) + ",\"balance\":" + FormatAmount(balance) + ",\"equity\":" + FormatAmount(equity) +
                   ",\"closedPnl\":" + FormatAmount(closedPnl) + "}";
        }

        /// <summary>One closed position (message 6), keys in the documented order.</summary>
        public static string PositionJson(ClosedPosition p)
        {
            return "{\"position\":" + JsonString(p.Id) + ",\"symbol\":" + JsonString(p.Symbol) + ",\"side\":" + JsonString(p.Buy ? "buy" : "sell") +
                   ",\"volume\":" + FormatQuantity(p.Volume) + ",\"openedAt\":" + JsonString(FormatInstant(p.Opened)) +
                   ",\"closedAt\":" + JsonString(FormatInstant(p.Closed)) + ",\"openPrice\":" + FormatQuantity(p.OpenPrice) +
                   ",\"closePrice\":" + FormatQuantity(p.ClosePrice) + ",\"stopLoss\":" + Nullable(p.StopLoss, FormatQuantity) +
                   ",\"takeProfit\":" + Nullable(p.TakeProfit, FormatQuantity) + ",\"commission\":" + FormatAmount(p.Commission) +
                   ",\"swap\":" + FormatAmount(p.Swap) + ",\"fee\":" + FormatAmount(p.Fee) + ",\"profit\":" + FormatAmount(p.Profit) +
                   ",\"comment\":" + JsonString(p.Comment) + ",\"magic\":" + p.Magic.ToString(CultureInfo.InvariantCulture) +
                   ",\"mae\":" + Nullable(p.Mae, FormatAmount) + ",\"mfe\":" + Nullable(p.Mfe, FormatAmount) + "}";
        }

        public static string PositionsBody(string positionsArray)
        {
            return "{\"positions\":" + positionsArray + "}";
        }

        /// <summary>The queue's line for a body: {"kind":…, the body's keys…, "seq":n} (docs, "Queue").</summary>
        public static string QueueLine(string kind, string body, long seq)
        {
            return "{\"kind\":" + JsonString(kind) + "," + body.Substring(1, body.Length - 2) + ",\"seq\":" + seq.ToString(CultureInfo.InvariantCulture) + "}";
        }

        /// <summary>A queue line back to its kind, body and seq; false for a torn or foreign line.</summary>
        public static bool ParseQueueLine(string line, out string kind, out string body, out long seq)
        {
            kind = Json.Text(line, "kind");
            body = null;
            seq = 0;
            string prefix = "{\"kind\":" + JsonString(kind) + ",";
            int seqAt = line.LastIndexOf(",\"seq\":", StringComparison.Ordinal);
            if (!line.StartsWith(prefix, StringComparison.Ordinal) || seqAt < prefix.Length || !line.EndsWith("}", StringComparison.Ordinal)) return false;
            if (!long.TryParse(line.Substring(seqAt + 7, line.Length - seqAt - 8), NumberStyles.Integer, CultureInfo.InvariantCulture, out seq)) return false;
            if (kind != "snapshot" && kind != "report" && kind != "positions") return false;
            body = "{" + line.Substring(prefix.Length, seqAt - prefix.Length) + "}";
            return true;
        }
    }

    /// <summary>A closed position as message 6 sends it.</summary>
    public class ClosedPosition
    {
        public string Id = "";
        public string Symbol = "";
        public bool Buy;
        public double Volume;
        public DateTime Opened;
        public DateTime Closed;
        public double OpenPrice;
        public double ClosePrice;
        public double? StopLoss;
        public double? TakeProfit;
        public double Commission;
        public double Swap;
        public double Fee;
        public double Profit;
        public string Comment = "";
        public long Magic;
        public double? Mae;
        public double? Mfe;
    }

    /// <summary>Just enough JSON reading for the service's answers: a top-level key's raw value, or its text.</summary>
    public static class Json
    {
        static int SkipSpaces(string json, int i)
        {
            while (i < json.Length && char.IsWhiteSpace(json[i])) i++;
            return i;
        }

        /// <summary>The index just after the value starting at i.</summary>
        static int ValueEnd(string json, int i)
        {
            if (i >= json.Length) return i;
            char c = json[i];
            if (c == '"')
            {
                for (i++; i < json.Length; i++)
                {
                    if (json[i] == '\\') i++;
                    else if (json[i] == '"') return i + 1;
                }
                return i;
            }
            if (c == '{' || c == '[')
            {
                int depth = 0;
                for (; i < json.Length; i++)
                {
                    char d = json[i];
                    if (d == '"') { i = ValueEnd(json, i) - 1; continue; }
                    if (d == '{' || d == '[') depth++;
                    else if (d == '}' || d == ']') { depth--; if (depth == 0) return i + 1; }
                }
                return i;
            }
            while (i < json.Length && json[i] != ',' && json[i] != '}' && json[i] != ']' && !char.IsWhiteSpace(json[i])) i++;
            return i;
        }

        /// <summary>The raw value of a top-level key ("null", a number, "\"text\"", an object …); null when absent.</summary>
        public static string Raw(string json, string key)
        {
            if (string.IsNullOrEmpty(json)) return null;
            int i = SkipSpaces(json, 0);
            if (i >= json.Length || json[i] != '{') return null;
            i++;
            while (true)
            {
                i = SkipSpaces(json, i);
                if (i >= json.Length || json[i] != '"') return null;
                int keyEnd = ValueEnd(json, i);
                string name = Unquote(json.Substring(i, keyEnd - i));
                i = SkipSpaces(json, keyEnd);
                if (i >= json.Length || json[i] != ':') return null;
                i = SkipSpaces(json, i + 1);
                int end = ValueEnd(json, i);
                if (name == key) return json.Substring(i, end - i);
                i = SkipSpaces(json, end);
                if (i >= json.Length || json[i] != ',') return null;
                i++;
            }
        }

        /// <summary>A key's value as text: a string unquoted, anything else raw; "" when absent.</summary>
        public static string Text(string json, string key)
        {
            string raw = Raw(json, key);
            if (raw == null) return "";
            return raw.StartsWith("\"", StringComparison.Ordinal) ? Unquote(raw) : raw;
        }

        /// <summary>A key's number; null when absent, null or not a number.</summary>
        public static double? Number(string json, string key)
        {
            double v;
            string raw = Raw(json, key);
            if (raw == null || !double.TryParse(raw, NumberStyles.Float, CultureInfo.InvariantCulture, out v)) return null;
            return v;
        }

        static string Unquote(string quoted)
        {
            var sb = new StringBuilder();
            for (int i = 1; i < quoted.Length - 1; i++)
            {
                char c = quoted[i];
                if (c != '\\' || i + 1 >= quoted.Length - 1) { sb.Append(c); continue; }
                char e = quoted[++i];
                if (e == 'n') sb.Append('\n');
                else if (e == 'r') sb.Append('\r');
                else if (e == 't') sb.Append('\t');
                else if (e == 'b') sb.Append('\b');
                else if (e == 'f') sb.Append('\f');
                else if (e == 'u' && i + 4 < quoted.Length)
                {
                    sb.Append((char)int.Parse(quoted.Substring(i + 1, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                    i += 4;
                }
                else sb.Append(e);
            }
            return sb.ToString();
        }

        /// <summary>The whole numbers of a JSON array like [50,25,10].</summary>
        public static List<int> Integers(string array)
        {
            var list = new List<int>();
            if (string.IsNullOrEmpty(array)) return list;
            foreach (string part in array.Trim('[', ']', ' ').Split(','))
            {
                double v;
                if (double.TryParse(part.Trim(), NumberStyles.Float, CultureInfo.InvariantCulture, out v)) list.Add((int)Math.Round(v));
            }
            return list;
        }
    }

    /// <summary>The guard route's answer (GET /guard), the levels the alerts and the chart read.</summary>
    public class GuardLevels
    {
        public double? DailyFloor;
        public double? DailyLossLimit;
        public double? MaxLossFloor;
        public double? MaxLossLimit;
        /// <summary>When today's daily floor stops being today's (UTC); DateTime.MinValue when the route gave none.</summary>
        public DateTime FirmDayEnds = DateTime.MinValue;
        public List<int> DailyThresholds = new List<int>();
        public List<int> MaxThresholds = new List<int>();

        public static GuardLevels Read(string answer)
        {
            string thresholds = Json.Raw(answer, "alertThresholds");
            return new GuardLevels
            {
                DailyFloor = Json.Number(answer, "dailyFloor"),
                DailyLossLimit = Json.Number(answer, "dailyLossLimit"),
                MaxLossFloor = Json.Number(answer, "maxLossFloor"),
                MaxLossLimit = Json.Number(answer, "maxLossLimit"),
                FirmDayEnds = Wire.ParseInstant(Json.Text(answer, "firmDayEndsAt")),
                DailyThresholds = Json.Integers(Json.Raw(thresholds, "dailyLoss")),
                MaxThresholds = Json.Integers(Json.Raw(thresholds, "maxLoss")),
            };
        }
    }

    /// <summary>What the alerts remember: the firm day they count in, and per rule the deepest threshold raised (-1: none).</summary>
    public class AlertState
    {
        public DateTime DayEnds = DateTime.MinValue;
        public int DailyRaised = -1;
        public int MaxRaised = -1;
    }

    /// <summary>
    /// thresholdAlertsStep of apps/tracker/src/threshold-alerts.ts (and ThresholdAlertsStep of the EAs): the same rules,
    /// state and transitions, so the terminal and the service's channels agree on when. A threshold is crossed at or
    /// below it; per rule only the deepest newly crossed is raised; each once per firm day; the daily rule only before
    /// the firm day's end.
    /// </summary>
    public static class ThresholdAlertRules
    {
        /// <summary>Percent of the allowance left, rounded half away from zero to 2 decimals as the service does.</summary>
        public static double? PercentLeft(double equity, double? floor, double? limit)
        {
            if (!floor.HasValue || !limit.HasValue || limit.Value <= 0) return null;
            double hundredths = (equity - floor.Value) / limit.Value * 10000;
            double percent = (hundredths < 0 ? -Math.Round(-hundredths, MidpointRounding.AwayFromZero) : Math.Round(hundredths, MidpointRounding.AwayFromZero)) / 100;
            return percent == 0 ? 0 : percent; // a hair below the floor is 0.00 %, never -0.00 %
        }

        /// <summary>The deepest threshold at or above percent that is deeper than the one raised (-1: none raised); -1 for none.</summary>
        public static int DeepestNewlyCrossed(double percent, List<int> thresholds, int raised)
        {
            int deepest = -1;
            foreach (int t in thresholds)
                if (percent <= t && (deepest < 0 || t < deepest)) deepest = t;
            return deepest < 0 || (raised >= 0 && deepest >= raised) ? -1 : deepest;
        }

        static string Text(string login, string currency, string rule, int threshold, double percent, double amountLeft, double floor, DateTime dayEnds)
        {
            string text = "Propfolio " + login + ": " + (rule == "daily_loss" ? "daily loss" : "maximum loss") + " " + threshold + "% or less left: " +
                          Wire.FormatAmount(amountLeft) + " " + currency + " (" + percent.ToString("F2", CultureInfo.InvariantCulture) + "%) left to the floor " +
                          Wire.FormatAmount(floor);
            if (rule == "daily_loss" && dayEnds != DateTime.MinValue)
                text += "; the firm day ends " + dayEnds.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture) + " UTC";
            return text;
        }

        /// <summary>One look at equity: the alerts to raise now (at most one per rule); the state is updated in place.</summary>
        public static List<string> Step(bool enabled, string login, string currency, GuardLevels levels, double equity, AlertState state, DateTime now)
        {
            var messages = new List<string>();
            if (!enabled || levels == null) return messages; // off, or no levels: nothing, the state kept
            if (levels.FirmDayEnds != state.DayEnds)
            {
                state.DayEnds = levels.FirmDayEnds;
                state.DailyRaised = -1;
                state.MaxRaised = -1;
            }
            bool dailyCurrent = levels.FirmDayEnds != DateTime.MinValue && now < levels.FirmDayEnds;
            double? daily = dailyCurrent ? PercentLeft(equity, levels.DailyFloor, levels.DailyLossLimit) : null;
            int t = daily.HasValue ? DeepestNewlyCrossed(daily.Value, levels.DailyThresholds, state.DailyRaised) : -1;
            if (t >= 0)
            {
                state.DailyRaised = t;
                messages.Add(Text(login, currency, "daily_loss", t, daily.Value, equity - levels.DailyFloor.Value, levels.DailyFloor.Value, levels.FirmDayEnds));
            }
            double? max = PercentLeft(equity, levels.MaxLossFloor, levels.MaxLossLimit);
            t = max.HasValue ? DeepestNewlyCrossed(max.Value, levels.MaxThresholds, state.MaxRaised) : -1;
            if (t >= 0)
            {
                state.MaxRaised = t;
                messages.Add(Text(login, currency, "max_loss", t, max.Value, equity - levels.MaxLossFloor.Value, levels.MaxLossFloor.Value, levels.FirmDayEnds));
            }
            return messages;
        }
    }

    [Robot(TimeZone = TimeZones.UTC, AccessRights = AccessRights.FullAccess)]
    public class PropfolioTracker : Robot
    {
        [Parameter("Propfolio service URL", DefaultValue = "https://propfolio.example.com")]
        public string ServiceUrl { get; set; }

        [Parameter("Tracker API key (eakey_..., scope tracker)", DefaultValue = "")]
        public string ApiKey { get; set; }

        [Parameter("Seconds between readings", DefaultValue = 60, MinValue = 10)]
        public int IntervalSeconds { get; set; }

        [Parameter("Account name in Propfolio (optional)", DefaultValue = "")]
        public string AccountName { get; set; }

        [Parameter("Initial balance to register with (0 = current balance)", DefaultValue = 0, MinValue = 0)]
        public double InitialBalance { get; set; }

        [Parameter("Alerts at the challenge's alert thresholds (they only notify)", DefaultValue = true)]
        public bool TerminalAlerts { get; set; }

        const int QueueCap = 10000;
        const int RewriteAfterAcked = 1000;
        const double BackoffBaseSeconds = 1;
        const double BackoffCapSeconds = 300;
        const int RetryAfterMaxSeconds = 3600;
        static readonly TimeSpan RequestTimeout = TimeSpan.FromSeconds(5);
        static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);

        class QueueItem
        {
            public string Kind;
            public string Body;
            public long Seq;
        }

        string _login;
        string _server;
        string _currency;
        string _base;
        string _files;
        readonly List<QueueItem> _queue = new List<QueueItem>();
        int _head;
        long _nextSeq = 1;
        string _accountId = "";
        bool _registerNext;
        bool _stopped;
        string _problem = "";
        int _failures;
        DateTime _nextAttempt = DateTime.MinValue;
        DateTime _nextRead = DateTime.MinValue;
        DateTime _nextGuardRead = DateTime.MinValue;
        readonly Random _random = new Random();

        // Last queued snapshot and the open firm day (kept in the .state file, as the EA's).
        bool _hasLast;
        string _lastAt = "";
        double _lastBalance;
        double _lastEquity;
        string _lastOpenPositions;
        bool _hasDay;
        string _day = "";
        string _dayStartsAt = "";
        string _dayEndsAt = "";
        double _dayBalance;
        double _dayEquity;
        bool _dayReported;
        string _lastReportedDay = "";

        // Floating profit of each open position, worst and best, sampled every second; watched from its opening or not.
        class Excursion
        {
            public double Worst;
            public double Best;
            public bool WholeLife;
        }

        readonly Dictionary<long, Excursion> _excursions = new Dictionary<long, Excursion>();
        DateTime _watchSince;
        readonly List<string> _closedBatch = new List<string>();

        // Guard levels read from GET /guard (null: none, not read yet or refused) and the threshold alerts' state.
        GuardLevels _levels;
        readonly AlertState _alertState = new AlertState();
        string _guardNote = "";
        string _breach = "";

        protected override void OnStart()
        {
            if (string.IsNullOrWhiteSpace(ApiKey) || string.IsNullOrWhiteSpace(ServiceUrl))
            {
                Print("PropfolioTracker: set the service URL and the tracker API key in the parameters");
                Stop();
                return;
            }
            _base = ServiceUrl.Trim().TrimEnd('/');
            _login = Account.Number.ToString(CultureInfo.InvariantCulture);
            _server = Account.BrokerName + (Account.IsLive ? "-Live" : "-Demo");
            _currency = Account.Asset.Name;
            _files = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.MyDocuments), "PropfolioTracker");
            Directory.CreateDirectory(_files);
            _watchSince = Server.TimeInUtc;
            LoadState();
            // Positions that closed while the cBot was stopped are not sent (no Closed event): forget their excursions.
            var open = new HashSet<long>(Positions.Select(x => (long)x.Id));
            foreach (long id in _excursions.Keys.ToList())
                if (!open.Contains(id)) _excursions.Remove(id);
            LoadQueue();
            Positions.Closed += OnPositionClosed;
            Timer.Start(TimeSpan.FromSeconds(1));
            Print("PropfolioTracker " + Wire.TrackerVersion + ": account " + _login + " on " + _server + ", " + QueueSize() + " items queued");
        }

        protected override void OnTick()
        {
            // Readings and requests run on the timer; a tick only samples the excursions sooner.
            SampleExcursions();
        }

        protected override void OnTimer()
        {
            DateTime now = Server.TimeInUtc;
            SampleExcursions();
            FlushClosedBatch();
            if (now >= _nextRead)
            {
                _nextRead = now.AddSeconds(IntervalSeconds);
                Observe(now);
            }
            ThresholdAlerts(now);
            Step(now);
            ShowStatus(now);
        }

        protected override void OnStop()
        {
            FlushClosedBatch();
            SaveState();
            Print("PropfolioTracker stopped by the user; " + QueueSize() + " items stay queued");
        }

        // ---- files (docs/tracker-protocol.md, "Queue") ----

        string FileBase()
        {
            var safe = new StringBuilder();
            foreach (char c in _login + "_" + _server) safe.Append(char.IsLetterOrDigit(c) || c == '-' || c == '_' || c == '.' ? c : '_');
            return Path.Combine(_files, safe.ToString());
        }

        void WriteAtomically(string path, string text)
        {
            string temporary = path + ".tmp";
            File.WriteAllText(temporary, text, Utf8);
            if (File.Exists(path)) File.Delete(path);
            File.Move(temporary, path);
        }

        void SaveState()
        {
            var excursions = new StringBuilder();
            foreach (var e in _excursions)
                excursions.Append(e.Key.ToString(CultureInfo.InvariantCulture)).Append(':').Append(Wire.FormatAmount(e.Value.Worst)).Append(':')
                    .Append(Wire.FormatAmount(e.Value.Best)).Append(':').Append(e.Value.WholeLife ? '1' : '0').Append(';');
            string state = "{\"lastAt\":" + Wire.JsonString(_hasLast ? _lastAt : "") + ",\"lastBalance\":" + Wire.FormatAmount(_lastBalance) +
                           ",\"lastEquity\":" + Wire.FormatAmount(_lastEquity) + ",\"day\":" + Wire.JsonString(_hasDay ? _day : "") +
                           ",\"dayStartsAt\":" + Wire.JsonString(_dayStartsAt) + ",\"dayEndsAt\":" + Wire.JsonString(_dayEndsAt) +
                           ",\"dayBalance\":" + Wire.FormatAmount(_dayBalance) + ",\"dayEquity\":" + Wire.FormatAmount(_dayEquity) +
                           ",\"dayReported\":" + (_dayReported ? "true" : "false") + ",\"lastReportedDay\":" + Wire.JsonString(_lastReportedDay) +
                           ",\"nextSeq\":" + _nextSeq.ToString(CultureInfo.InvariantCulture) + ",\"excursions\":" + Wire.JsonString(excursions.ToString()) + "}";
            WriteAtomically(FileBase() + ".state", state);
        }

        void LoadState()
        {
            string path = FileBase() + ".state";
            if (!File.Exists(path)) return;
            string s = File.ReadAllText(path, Utf8);
            _lastAt = Json.Text(s, "lastAt");
            _hasLast = _lastAt != "";
            _lastBalance = Json.Number(s, "lastBalance") ?? 0;
            _lastEquity = Json.Number(s, "lastEquity") ?? 0;
            _day = Json.Text(s, "day");
            _hasDay = _day != "";
            _dayStartsAt = Json.Text(s, "dayStartsAt");
            _dayEndsAt = Json.Text(s, "dayEndsAt");
            _dayBalance = Json.Number(s, "dayBalance") ?? 0;
            _dayEquity = Json.Number(s, "dayEquity") ?? 0;
            _dayReported = Json.Text(s, "dayReported") == "true";
            _lastReportedDay = Json.Text(s, "lastReportedDay");
            _nextSeq = (long)(Json.Number(s, "nextSeq") ?? 1);
            foreach (string entry in Json.Text(s, "excursions").Split(new[] { ';' }, StringSplitOptions.RemoveEmptyEntries))
            {
                string[] f = entry.Split(':');
                long id;
                if (f.Length != 4 || !long.TryParse(f[0], out id)) continue;
                _excursions[id] = new Excursion
                {
                    Worst = double.Parse(f[1], CultureInfo.InvariantCulture),
                    Best = double.Parse(f[2], CultureInfo.InvariantCulture),
                    WholeLife = f[3] == "1",
                };
            }
        }

        int QueueSize()
        {
            return _queue.Count - _head;
        }

        void LoadQueue()
        {
            string path = FileBase() + ".queue";
            long acked = 0;
            if (File.Exists(FileBase() + ".ack")) long.TryParse(File.ReadAllText(FileBase() + ".ack", Utf8).Trim(), out acked);
            if (!File.Exists(path)) return;
            foreach (string line in File.ReadAllLines(path, Utf8))
            {
                string kind, body;
                long seq;
                // A torn last line (a crash mid-write) is skipped.
                if (!Wire.ParseQueueLine(line.Trim(), out kind, out body, out seq) || seq <= acked) continue;
                _queue.Add(new QueueItem { Kind = kind, Body = body, Seq = seq });
                if (seq >= _nextSeq) _nextSeq = seq + 1;
            }
        }

        void RewriteQueue()
        {
            _queue.RemoveRange(0, _head);
            _head = 0;
            var text = new StringBuilder();
            foreach (var item in _queue) text.Append(Wire.QueueLine(item.Kind, item.Body, item.Seq)).Append('\n');
            WriteAtomically(FileBase() + ".queue", text.ToString());
        }

        void Enqueue(string kind, string body)
        {
            var item = new QueueItem { Kind = kind, Body = body, Seq = _nextSeq++ };
            if (QueueSize() + 1 > QueueCap)
                DropOldestSnapshots();
            _queue.Add(item);
            File.AppendAllText(FileBase() + ".queue", Wire.QueueLine(kind, body, item.Seq) + "\n", Utf8);
            SaveState();
        }

        /// <summary>A tenth of the cap of the oldest snapshots at once; reports and positions are never dropped.</summary>
        void DropOldestSnapshots()
        {
            int toDrop = QueueCap / 10;
            string oldest = "";
            for (int i = _head; i < _queue.Count && toDrop > 0; i++)
            {
                if (_queue[i].Kind != "snapshot") continue;
                if (oldest == "") oldest = Json.Text(_queue[i].Body, "at");
                _queue.RemoveAt(i--);
                toDrop--;
            }
            Print("queue full (" + QueueCap + " items): dropped the oldest snapshots from " + oldest);
            RewriteQueue();
        }

        void Ack(long seq)
        {
            _head++;
            File.WriteAllText(FileBase() + ".ack", seq.ToString(CultureInfo.InvariantCulture), Utf8);
            if (QueueSize() == 0 || _head >= RewriteAfterAcked) RewriteQueue();
        }

        bool HasSnapshotBefore(DateTime limit)
        {
            for (int i = _head; i < _queue.Count; i++)
                if (_queue[i].Kind == "snapshot" && Wire.ParseInstant(Json.Text(_queue[i].Body, "at")) < limit) return true;
            return false;
        }

        // ---- readings (docs, "When snapshots and reports are queued") ----

        /// <summary>The account's open positions (every symbol and label), at most 200, as the snapshot lists them.</summary>
        string OpenPositionsJson(DateTime at)
        {
            var parts = new List<string>();
            foreach (Position p in Positions.OrderBy(x => x.Id))
            {
                if (parts.Count == Wire.MaxOpenPositions)
                {
                    Print("more than " + Wire.MaxOpenPositions + " open positions: the snapshot lists the first " + Wire.MaxOpenPositions);
                    break;
                }
                DateTime opened = p.EntryTime > at ? at : p.EntryTime;
                parts.Add(Wire.OpenPositionJson(p.Id.ToString(CultureInfo.InvariantCulture), p.SymbolName, p.TradeType == TradeType.Buy, p.Quantity,
                    Wire.FormatInstant(opened), p.StopLoss, LossAtStop(p)));
            }
            return "[" + string.Join(",", parts) + "]";
        }

        /// <summary>
        /// The net loss if the stop is hit: ticks from the entry to the stop × the symbol's tick value (per unit of
        /// volume, in the account's currency) × the units, minus the swap and commission already charged. Null without
        /// a stop or when the symbol cannot be priced.
        /// </summary>
        double? LossAtStop(Position p)
        {
            if (!p.StopLoss.HasValue) return null;
            Symbol symbol = Symbols.GetSymbol(p.SymbolName);
            if (symbol == null || symbol.TickSize <= 0 || symbol.TickValue <= 0) return null;
            double against = p.TradeType == TradeType.Buy ? p.EntryPrice - p.StopLoss.Value : p.StopLoss.Value - p.EntryPrice;
            return against / symbol.TickSize * symbol.TickValue * p.VolumeInUnits - (p.Swap + p.Commissions);
        }

        void Observe(DateTime now)
        {
            ReportEndedDay(now);
            double balance = Wire.RoundAmount(Account.Balance);
            double equity = Wire.RoundAmount(Account.Equity);
            string at = Wire.FormatInstant(now);
            if (_hasLast && _lastAt == at) return; // one snapshot per second at most: `at` is its identity
            string open = OpenPositionsJson(now);
            bool changed = !_hasLast || Wire.FormatAmount(balance) != Wire.FormatAmount(_lastBalance) ||
                           Wire.FormatAmount(equity) != Wire.FormatAmount(_lastEquity) || open != _lastOpenPositions;
            DateTime dayEnds = Wire.ParseInstant(_dayEndsAt);
            bool newDay = _hasDay && now >= dayEnds && (!_hasLast || Wire.ParseInstant(_lastAt) < dayEnds);
            if (!changed && !newDay) return;
            _hasLast = true;
            _lastAt = at;
            _lastBalance = balance;
            _lastEquity = equity;
            _lastOpenPositions = open;
            Enqueue("snapshot", Wire.SnapshotBody(at, balance, equity, open));
        }

        /// <summary>Net profit of the trades closed in [start, end): cTrader's closed P&L of that firm day.</summary>
        double ClosedPnl(DateTime start, DateTime end)
        {
            double sum = 0;
            foreach (HistoricalTrade trade in History)
                if (trade.ClosingTime >= start && trade.ClosingTime < end) sum += trade.NetProfit;
            return sum;
        }

        void QueueReport()
        {
            if (!_hasDay || _dayReported) return;
            double closedPnl = ClosedPnl(Wire.ParseInstant(_dayStartsAt), Wire.ParseInstant(_dayEndsAt));
            Enqueue("report", Wire.ReportBody(_day, _dayBalance, _dayEquity, closedPnl));
            _dayReported = true;
            _lastReportedDay = _day;
            SaveState();
        }

        void ReportEndedDay(DateTime now)
        {
            if (!_hasDay || _dayReported) return;
            DateTime ends = Wire.ParseInstant(_dayEndsAt);
            if (ends != DateTime.MinValue && now >= ends && !HasSnapshotBefore(ends)) QueueReport();
        }

        void OnSnapshotAnswer(string body, string answer)
        {
            string day = Json.Text(answer, "day");
            string starts = Json.Text(answer, "dayStartsAt");
            string ends = Json.Text(answer, "dayEndsAt");
            if (day.Length != 10 || Wire.ParseInstant(ends) == DateTime.MinValue)
            {
                Print("snapshot answered without a firm day: " + Head(answer));
                return;
            }
            if (_hasDay && string.CompareOrdinal(day, _day) < 0) return; // an older day answered late
            if (_hasDay && day != _day) QueueReport(); // a new firm day: the one before it has ended
            if (!_hasDay || day != _day)
                _dayReported = _lastReportedDay != "" && string.CompareOrdinal(day, _lastReportedDay) <= 0;
            _hasDay = true;
            _day = day;
            _dayStartsAt = starts;
            _dayEndsAt = ends;
            _dayBalance = Json.Number(body, "balance") ?? 0;
            _dayEquity = Json.Number(body, "equity") ?? 0;
            SaveState();
        }

        // ---- closed positions (message 6) ----

        void SampleExcursions()
        {
            foreach (Position p in Positions)
            {
                Excursion e;
                if (!_excursions.TryGetValue(p.Id, out e))
                {
                    e = new Excursion { Worst = 0, Best = 0, WholeLife = p.EntryTime >= _watchSince.AddSeconds(-1) };
                    _excursions[p.Id] = e;
                }
                e.Worst = Math.Min(e.Worst, p.GrossProfit);
                e.Best = Math.Max(e.Best, p.GrossProfit);
            }
        }

        void OnPositionClosed(PositionClosedEventArgs args)
        {
            Position position = args.Position;
            HistoricalTrade[] trades = History.FindByPositionId(position.Id);
            if (trades == null || trades.Length == 0)
            {
                Print("position " + position.Id + " closed but has no closing deal in the history yet: not sent");
                return;
            }
            var p = new ClosedPosition
            {
                Id = position.Id.ToString(CultureInfo.InvariantCulture),
                Symbol = position.SymbolName,
                Buy = position.TradeType == TradeType.Buy,
                StopLoss = position.StopLoss,
                TakeProfit = position.TakeProfit,
                Comment = position.Comment ?? "",
                Magic = 0, // cTrader has no magic number (a cBot's label is not one)
                Fee = 0,
                Opened = trades.Min(t => t.EntryTime),
                Closed = trades.Max(t => t.ClosingTime),
            };
            double volume = 0, opened = 0, closed = 0;
            foreach (HistoricalTrade t in trades)
            {
                volume += t.Quantity;
                opened += t.EntryPrice * t.Quantity;
                closed += t.ClosingPrice * t.Quantity;
                p.Commission += t.Commissions;
                p.Swap += t.Swap;
                p.Profit += t.GrossProfit;
            }
            p.Volume = volume;
            p.OpenPrice = volume > 0 ? opened / volume : 0;
            p.ClosePrice = volume > 0 ? closed / volume : 0;
            Excursion e;
            if (_excursions.TryGetValue(position.Id, out e) && e.WholeLife)
            {
                p.Mae = Math.Min(e.Worst, 0);
                p.Mfe = Math.Max(e.Best, 0);
            }
            _excursions.Remove(position.Id);
            _closedBatch.Add(Wire.PositionJson(p));
        }

        /// <summary>The positions closed since the last look go in one message (at most 1,000 each).</summary>
        void FlushClosedBatch()
        {
            while (_closedBatch.Count > 0)
            {
                int n = Math.Min(_closedBatch.Count, Wire.MaxPositionsPerMessage);
                Enqueue("positions", Wire.PositionsBody("[" + string.Join(",", _closedBatch.GetRange(0, n)) + "]"));
                _closedBatch.RemoveRange(0, n);
            }
        }

        // ---- HTTP (docs, "Requests", "Sending and retries") ----

        /// <summary>One request: the HTTP status, or -1 for a network error (the reason in answer).</summary>
        int Send(string method, string path, string body, out string answer, out int retryAfter)
        {
            var request = new HttpRequest(new Uri(_base + path))
            {
                Method = method == "POST" ? HttpMethod.Post : HttpMethod.Get,
                Timeout = RequestTimeout,
            };
            request.Headers.Add("Authorization", "Bearer " + ApiKey.Trim());
            request.Headers.Add("Accept", "application/json");
            if (method == "POST")
            {
                request.Headers.Add("Content-Type", "application/json");
                request.Body = body;
            }
            request.Headers.Add("User-Agent", "PropfolioTracker/" + Wire.TrackerVersion + " (cTrader)");
            HttpResponse response = Http.Send(request);
            retryAfter = 0;
            if (response.StatusCode < 100)
            {
                answer = response.Exception != null ? "network error: " + response.Exception.Message : "network error";
                return -1;
            }
            answer = response.Body ?? "";
            int seconds;
            string header = response.Headers == null ? null : response.Headers.GetValue("Retry-After");
            if (header != null && int.TryParse(header.Trim(), out seconds)) retryAfter = Math.Max(0, Math.Min(seconds, RetryAfterMaxSeconds));
            return response.StatusCode;
        }

        static bool IsRetryable(int status)
        {
            return status < 100 || status >= 500 || status == 408 || status == 429;
        }

        static string Head(string text)
        {
            return text.Length > 200 ? text.Substring(0, 200) : text;
        }

        static string Describe(int status, string answer)
        {
            if (status < 100) return answer;
            string text = "HTTP " + status;
            string code = Json.Text(answer, "code");
            string detail = Json.Text(answer, "detail");
            if (code != "") text += " " + code;
            if (detail != "") text += " (" + detail + ")";
            return text;
        }

        void Succeeded()
        {
            _failures = 0;
            _nextAttempt = DateTime.MinValue;
            _problem = "";
        }

        /// <summary>Backoff: min(300 s, 1 s × 2^(n−1)) × [0.8, 1.2), Retry-After as a floor.</summary>
        void Failed(string what, int retryAfter)
        {
            _failures++;
            double nominal = Math.Min(BackoffCapSeconds, BackoffBaseSeconds * Math.Pow(2, Math.Min(_failures - 1, 30)));
            int delay = (int)Math.Min(BackoffCapSeconds, Math.Round(nominal * (0.8 + 0.4 * _random.NextDouble())));
            delay = Math.Max(1, Math.Max(delay, retryAfter));
            _nextAttempt = Server.TimeInUtc.AddSeconds(delay);
            _problem = what;
            Print(what + "; attempt " + _failures + " failed, next in " + delay + " s (" + QueueSize() + " queued)");
        }

        void Halt(string reason)
        {
            _stopped = true;
            _problem = reason;
            Print("STOPPED: " + reason + " (" + QueueSize() + " queued items kept)");
            Notifications.ShowPopup("PropfolioTracker stopped", reason, PopupNotificationState.Error);
        }

        static string KeyHint(int status)
        {
            if (status == 401) return ": the API key is wrong or revoked; issue a tracker key on the P&L page (EA integration)";
            if (status == 403) return ": the API key may not do this; use a key of scope tracker";
            return "";
        }

        void UseAccount(string answer)
        {
            _registerNext = false;
            Succeeded();
            if (Json.Text(answer, "archived") == "true")
            {
                Halt("account " + _login + " on " + _server + " is archived in Propfolio and takes no more data; register the new trading account instead");
                return;
            }
            string id = Json.Text(answer, "id");
            if (id == "")
            {
                Failed("the account answer has no id: " + Head(answer), 0);
                return;
            }
            _accountId = id;
            Print("tracking account " + _login + " on " + _server + " (id " + id + "); " + QueueSize() + " items queued");
        }

        void FailedSetup(int status, string answer, int retryAfter)
        {
            if (IsRetryable(status)) Failed(Describe(status, answer), retryAfter);
            else Halt(Describe(status, answer) + KeyHint(status));
        }

        void FindAccount()
        {
            string answer;
            int retryAfter;
            if (!_registerNext)
            {
                int found = Send("GET", "/api/v1/accounts/lookup?login=" + Wire.UrlEncode(_login) + "&server=" + Wire.UrlEncode(_server), null, out answer, out retryAfter);
                if (found == 200) UseAccount(answer);
                else if (found == 404)
                {
                    Print("account " + _login + " on " + _server + " is not registered yet: registering it");
                    _registerNext = true;
                    Succeeded();
                }
                else FailedSetup(found, answer, retryAfter);
                return;
            }
            double initialBalance = InitialBalance > 0 ? InitialBalance : Account.Balance;
            int status = Send("POST", "/api/v1/accounts", Wire.RegisterBody(_login, _server, _currency, initialBalance, AccountName), out answer, out retryAfter);
            if (status == 201 || status == 200) UseAccount(answer);
            else if (status == 409)
            {
                _registerNext = false; // registered meanwhile: find it again
                Succeeded();
            }
            else FailedSetup(status, answer, retryAfter);
        }

        /// <summary>At most one request per timer tick: find or register the account, read the guard, or send the head.</summary>
        void Step(DateTime now)
        {
            if (_stopped || now < _nextAttempt) return;
            if (_accountId == "")
            {
                FindAccount();
                return;
            }
            ReportEndedDay(now);
            if (now >= _nextGuardRead)
            {
                ReadGuard(now);
                return;
            }
            if (QueueSize() == 0) return;
            QueueItem item = _queue[_head];
            string path = "/api/v1/accounts/" + Wire.UrlEncode(_accountId) + (item.Kind == "positions" ? "/positions" : item.Kind == "report" ? "/reports" : "/snapshots");
            string answer;
            int retryAfter;
            int status = Send("POST", path, item.Body, out answer, out retryAfter);
            string what = item.Kind + " " + item.Seq;
            if (status >= 200 && status < 300)
            {
                Succeeded();
                Ack(item.Seq);
                if (item.Kind == "snapshot") OnSnapshotAnswer(item.Body, answer);
                else if (item.Kind == "report") Print(what + ": " + Json.Text(answer, "outcome"));
                else Print(what + ": " + Json.Text(answer, "accepted") + " accepted, " + Json.Text(answer, "unchanged") + " unchanged");
                return;
            }
            if (IsRetryable(status))
            {
                Failed(what + ": " + Describe(status, answer), retryAfter);
                return;
            }
            if ((status == 409 && Json.Text(answer, "code") == "account_archived") || status == 401 || status == 403)
            {
                Halt(Describe(status, answer) + KeyHint(status));
                return;
            }
            if (status == 404)
            {
                Print(what + ": " + Describe(status, answer) + ": the account is no longer there; looking it up again");
                _accountId = "";
                return;
            }
            Print(what + " refused and dropped: " + Describe(status, answer));
            Ack(item.Seq);
        }

        // ---- guard levels and threshold alerts (docs, "7. Read the guard levels") ----

        void ReadGuard(DateTime now)
        {
            _nextGuardRead = now.AddSeconds(IntervalSeconds);
            string answer;
            int retryAfter;
            int status = Send("GET", "/api/v1/accounts/" + Wire.UrlEncode(_accountId) + "/guard", null, out answer, out retryAfter);
            if (status == 200)
            {
                Succeeded();
                UseGuardLevels(answer);
                return;
            }
            if (IsRetryable(status))
            {
                _nextGuardRead = DateTime.MinValue; // read again as soon as the backoff allows
                Failed("guard levels: " + Describe(status, answer), retryAfter);
                return;
            }
            if (status == 401 || status == 403 || (status == 409 && Json.Text(answer, "code") == "account_archived"))
            {
                Halt(Describe(status, answer) + KeyHint(status));
                return;
            }
            // 422 rules_unknown (no challenge linked): an answer, not a failure; no levels until the next read.
            Succeeded();
            _levels = null;
            _guardNote = "no guard levels: " + Describe(status, answer);
            Print(_guardNote);
        }

        void UseGuardLevels(string answer)
        {
            _levels = GuardLevels.Read(answer);
            string breach = Json.Raw(answer, "breach");
            string line = breach == null || breach == "null" ? "" :
                "BREACHED at the firm: " + (Json.Text(breach, "rule") == "dailyLoss" ? "daily loss" : "maximum loss") + " floor " +
                Json.Text(breach, "floor") + " crossed on " + Json.Text(breach, "day") + " (lowest equity " + Json.Text(breach, "lowestEquity") + ")";
            if (line != "" && line != _breach) Print(line);
            _breach = line;
            _guardNote = "";
        }

        /// <summary>Every second: the alerts to raise now, as a popup and a log line. They only notify.</summary>
        void ThresholdAlerts(DateTime now)
        {
            foreach (string message in ThresholdAlertRules.Step(TerminalAlerts, _login, _currency, _levels, Account.Equity, _alertState, now))
            {
                Print("alert: " + message);
                Notifications.ShowPopup("Propfolio alert", message, PopupNotificationState.Information);
            }
        }

        void ShowStatus(DateTime now)
        {
            var text = new StringBuilder("PropfolioTracker " + _login + " on " + _server + ": " + QueueSize() + " queued");
            if (_stopped) text.Append("\nSTOPPED: ").Append(_problem);
            else if (_problem != "") text.Append("\nretrying: ").Append(_problem);
            if (_breach != "") text.Append('\n').Append(_breach);
            if (_levels != null)
            {
                double equity = Account.Equity;
                text.Append("\nequity ").Append(Wire.FormatAmount(equity)).Append(' ').Append(_currency);
                if (_levels.DailyFloor.HasValue && now < _levels.FirmDayEnds)
                    text.Append("\ndaily floor ").Append(Wire.FormatAmount(_levels.DailyFloor.Value)).Append(", ").Append(Wire.FormatAmount(equity - _levels.DailyFloor.Value))
                        .Append(" left until ").Append(_levels.FirmDayEnds.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)).Append(" UTC");
                if (_levels.MaxLossFloor.HasValue)
                    text.Append("\nmaximum loss floor ").Append(Wire.FormatAmount(_levels.MaxLossFloor.Value)).Append(", ").Append(Wire.FormatAmount(equity - _levels.MaxLossFloor.Value)).Append(" left");
            }
            else if (_guardNote != "") text.Append('\n').Append(_guardNote);
            Chart.DrawStaticText("propfolio-status", text.ToString(), VerticalAlignment.Top, HorizontalAlignment.Left, Color.White);
        }
    }
}
