//+------------------------------------------------------------------+
//| PropfolioTracker.mq4                                             |
//| Pushes this account's balance and equity to Propfolio:           |
//| intraday snapshots on change and one report per firm day.        |
//| Protocol: docs/tracker-protocol.md (version 1). The reference    |
//| tracker apps/tracker (TypeScript) sends the same bytes.          |
//|                                                                  |
//| Reads nothing but the account's figures, its open orders         |
//| (floating profit, stop and the loss at it, sent with each        |
//| snapshot) and its own order history. Places no orders and        |
//| changes nothing in the terminal unless InpGuardEnabled is true   |
//| (off by default): then, at equity at or below a loss floor +     |
//| buffer, it closes every order and deletes pending ones.          |
//| At the challenge's alert thresholds (percent of a loss allowance |
//| left) it raises a terminal alert and a push notification         |
//| (InpTerminalAlerts, on by default: they only notify, never       |
//| trade).                                                          |
//| Compile in MetaEditor (F7); attach to any one chart.             |
//| Allow the service's URL first: Tools > Options > Expert Advisors |
//| > "Allow WebRequest for listed URL" (else error 4014).           |
//+------------------------------------------------------------------+
#property copyright   "Propfolio"
#property link        "https://github.com/propfolio/propfolio"
#property version     "1.00"
#property description "Propfolio tracker: pushes balance and equity snapshots and a daily report to your Propfolio service."
#property description "Allow the service URL in Tools > Options > Expert Advisors > 'Allow WebRequest for listed URL'."
#property description "Reads account figures, open orders (profit, stop, loss at the stop) and order history; trades only if you enable the guard (InpGuardEnabled)."
#property strict

input string InpServiceUrl      = "https://propfolio.example.com"; // Propfolio service URL (allow it for WebRequest)
input string InpApiKey          = "";                              // Tracker API key (eakey_..., scope tracker)
input int    InpIntervalSeconds = 60;                              // Seconds between readings of balance and equity
input string InpAccountName     = "";                              // Account name in Propfolio (optional)
input double InpInitialBalance  = 0;                               // Initial balance to register with (0 = current balance)
input bool   InpGuardEnabled    = false;                           // Guard: close all orders and delete pending ones near a loss floor
input double InpGuardBufferAmount = 0;                             // Guard buffer (account currency): acts at equity <= floor + buffer
input int    InpGuardSlippagePoints = 30;                          // Guard: largest slippage accepted when closing (points)
input bool   InpTerminalAlerts  = true;                            // Alerts and push notifications at the challenge's alert thresholds (they only notify)

#define TRACKER_VERSION    "1.0.0"
#define TRACKER_PLATFORM   "MT4"
#define QUEUE_CAP          10000
#define COMPACT_AFTER      1000
#define REQUEST_TIMEOUT_MS 5000
#define BACKOFF_BASE_S     1
#define BACKOFF_CAP_S      300
#define RETRY_AFTER_MAX_S  3600
#define FILE_FOLDER        "PropfolioTracker"
#define POSITIONS_PER_MESSAGE 1000
#define GUARD_TRIES        3      // attempts per order when the guard acts (requotes, moved prices)
#define RECENT_CLOSES_S    3600

//--- one queued item: a snapshot, a daily report (isReport) or a closed-positions message (isPositions)
struct QueueItem
  {
   long              seq;
   bool              isReport;
   bool              isPositions;
   string            positions; // positions message: its JSON array, exactly as sent
   string            at;        // snapshot: ISO instant
   string            openPositions; // snapshot: its open positions' JSON array as sent; "" when not known (an older line)
   string            date;      // report: firm day YYYY-MM-DD
   double            balance;
   double            equity;
   double            closedPnl; // report only
  };

QueueItem g_queue[];
int       g_head       = 0;     // index of the queue's head in g_queue (acknowledged items before it)
long      g_ackedSeq   = 0;
long      g_nextSeq    = 1;
int       g_deadLines  = 0;     // acknowledged or dropped lines still in the queue file

string    g_baseUrl    = "";
string    g_login      = "";
string    g_server     = "";
string    g_currency   = "";
string    g_files      = "";    // PropfolioTracker\<login>_<server>
string    g_accountId  = "";
bool      g_registerNext = false;
bool      g_stopped    = false;
int       g_failures   = 0;
datetime  g_nextAttempt = 0;    // TimeGMT() before which no request is made (backoff)
datetime  g_nextSample  = 0;
bool      g_warned4014  = false;

//--- persisted state (<files>.state): last queued snapshot, open firm day, last report
bool      g_hasLast    = false;
string    g_lastAt     = "";
double    g_lastBalance = 0;
double    g_lastEquity  = 0;
string    g_lastOpenPositions = ""; // the last queued snapshot's openPositions; not persisted: a start queues one snapshot
bool      g_hasDay     = false;
string    g_day        = "";
string    g_dayStartsAt = "";
string    g_dayEndsAt  = "";
double    g_dayBalance = 0;
double    g_dayEquity  = 0;
bool      g_dayReported = false;
string    g_lastReportedDay = "";
int       g_serverOffset = 0;   // trade server time minus UTC, seconds (multiple of 15 minutes)

//--- closed positions (docs/tracker-protocol.md, message 6): the last close queued (persisted), and the worst and
//--- best floating profit of each open position seen so far (persisted), sampled every second
bool      g_hasLastClose  = false; // false until the history's last close is known: only later closes are sent
long      g_lastCloseTicket = 0;
datetime  g_lastCloseTime = 0;     // server time
bool      g_scanCloses    = false; // a trade happened: look for closed positions at the next tick
datetime  g_watchSince    = 0;     // server time this run began watching positions
long      g_excursionId[];
double    g_excursionWorst[];
double    g_excursionBest[];
bool      g_excursionWhole[];      // watched since the position opened

//--- the guard levels (docs/tracker-protocol.md, message 7), read every interval, and the guard's one state
//--- (apps/tracker/src/guard.ts's GuardState.armed): false after an action until equity is back above the line
bool      g_guardHasLevels = false;
bool      g_guardHasDaily  = false;
double    g_guardDailyFloor = 0;
bool      g_guardHasMax    = false;
double    g_guardMaxFloor  = 0;
datetime  g_guardDayEnds   = 0;     // UTC; 0 when unknown
bool      g_guardArmed     = true;
datetime  g_nextGuardRead  = 0;     // TimeGMT() of the next read
string    g_guardNote      = "";    // why there are no levels, for the chart
string    g_guardBreach    = "";    // the floor already crossed (the route's breach) as a chart line; "" when none
double    g_guardDailyLimit = 0;    // the allowances the alert thresholds are percentages of; 0 when unknown
double    g_guardMaxLimit  = 0;
//--- the route's news windows (UTC spans, the symbols each restricts as ",A,B,", the release in words), the firm's
//--- penalty inside one in words, and the chart's window lines last logged
datetime  g_newsStart[];
datetime  g_newsEnd[];
string    g_newsSymbols[];
string    g_newsRelease[];
string    g_newsPenalty    = "";
string    g_newsLogged     = "";

//--- the terminal's own alerts at the challenge's thresholds (apps/tracker/src/threshold-alerts.ts): the thresholds of
//--- the levels read, and per rule the deepest threshold raised in the firm day that ends at g_alertDayEnds (-1: none)
int       g_alertDailyThresholds[];
int       g_alertMaxThresholds[];
datetime  g_alertDayEnds     = 0;
int       g_alertDailyRaised = -1;
int       g_alertMaxRaised   = -1;

//--- answers, for the chart comment
int       g_sentSnapshots = 0;
int       g_sentReports   = 0;
int       g_sentPositions = 0;
string    g_lastProblem   = "";

//+------------------------------------------------------------------+
//| Logging                                                          |
//+------------------------------------------------------------------+
void Log(const string message)
  {
   Print("PropfolioTracker: ", message);
  }

void ShowStatus()
  {
   string text = "Propfolio tracker " + TRACKER_VERSION + " | " + g_login + " on " + g_server;
   if(g_stopped)
      text += " | STOPPED: " + g_lastProblem;
   else
     {
      text += " | queued " + IntegerToString(QueueSize());
      text += " | sent " + IntegerToString(g_sentSnapshots) + " snapshots, " + IntegerToString(g_sentReports) + " reports, " +
              IntegerToString(g_sentPositions) + " closed positions";
      if(g_failures > 0)
         text += " | retrying: " + g_lastProblem;
     }
   Comment(text + GuardStatus(AccountInfoDouble(ACCOUNT_EQUITY), TimeGMT()));
  }

//--- the text without leading and trailing spaces, tabs and line breaks
string Trim(const string text)
  {
   int start = 0;
   int end = StringLen(text);
   while(start < end && StringGetCharacter(text, start) <= ' ')
      start++;
   while(end > start && StringGetCharacter(text, end - 1) <= ' ')
      end--;
   return StringSubstr(text, start, end - start);
  }

//+------------------------------------------------------------------+
//| Protocol bytes (docs/tracker-protocol.md, "Requests")            |
//+------------------------------------------------------------------+
//--- amount rounded half away from zero to cents, no trailing zeros, never "-0"
string FormatAmount(const double value)
  {
   double cents = MathRound(MathAbs(value) * 100.0 + 1e-7);
   if(value < 0)
      cents = -cents;
   return WithoutTrailingZeros(DoubleToString(cents / 100.0, 2));
  }

//--- a price or a volume rounded half away from zero to 8 decimals (the most the service keeps), no trailing zeros
string FormatQuantity(const double value)
  {
   double units = MathRound(MathAbs(value) * 100000000.0 + 1e-5);
   if(value < 0)
      units = -units;
   return WithoutTrailingZeros(DoubleToString(units / 100000000.0, 8));
  }

//--- "101250.40" -> "101250.4", "100.00" -> "100", "-0.00" -> "0"
string WithoutTrailingZeros(const string fixed)
  {
   int len = StringLen(fixed);
   while(len > 0 && StringGetCharacter(fixed, len - 1) == '0')
      len--;
   if(len > 0 && StringGetCharacter(fixed, len - 1) == '.')
      len--;
   string text = StringSubstr(fixed, 0, len);
   if(text == "-0" || text == "")
      text = "0";
   return text;
  }

double RoundAmount(const double value)
  {
   return StringToDouble(FormatAmount(value));
  }

//--- a JSON string literal: quote, backslash and control characters escaped
string JsonString(const string value)
  {
   string out = "\"";
   int n = StringLen(value);
   for(int i = 0; i < n; i++)
     {
      ushort c = StringGetCharacter(value, i);
      if(c == '"')
         out += "\\\"";
      else
         if(c == '\\')
            out += "\\\\";
         else
            if(c == '\n')
               out += "\\n";
            else
               if(c == '\r')
                  out += "\\r";
               else
                  if(c == '\t')
                     out += "\\t";
                  else
                     if(c < 0x20)
                        out += StringFormat("\\u%04x", c);
                     else
                        out += ShortToString(c);
     }
   return out + "\"";
  }

//--- RFC 3986: every UTF-8 byte but A-Z a-z 0-9 - . _ ~ as %XX
string UrlEncode(const string value)
  {
   uchar bytes[];
   int n = StringToCharArray(value, bytes, 0, WHOLE_ARRAY, CP_UTF8) - 1; // without the trailing NUL
   string out = "";
   for(int i = 0; i < n; i++)
     {
      uchar b = bytes[i];
      bool unreserved = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '-' || b == '.' || b == '_' || b == '~';
      if(unreserved)
         out += CharToString(b);
      else
         out += StringFormat("%%%02X", b);
     }
   return out;
  }

//--- 2026-03-05T14:03:00Z
string FormatInstant(const datetime t)
  {
   string s = TimeToString(t, TIME_DATE | TIME_SECONDS); // 2026.03.05 14:03:00
   StringReplace(s, ".", "-");
   StringReplace(s, " ", "T");
   return s + "Z";
  }

//--- ISO instant (Z or +hh:mm / -hh:mm, optional fraction) to datetime in UTC; 0 when unreadable
datetime ParseInstant(const string iso)
  {
   if(StringLen(iso) < 19)
      return 0;
   string s = StringSubstr(iso, 0, 19);
   StringReplace(s, "-", ".");
   StringReplace(s, "T", " ");
   datetime t = StringToTime(s);
   int i = 19;
   int n = StringLen(iso);
   if(i < n && StringGetCharacter(iso, i) == '.')
     {
      i++;
      while(i < n && StringGetCharacter(iso, i) >= '0' && StringGetCharacter(iso, i) <= '9')
         i++;
     }
   if(i + 5 < n && (StringGetCharacter(iso, i) == '+' || StringGetCharacter(iso, i) == '-'))
     {
      int sign = StringGetCharacter(iso, i) == '+' ? 1 : -1;
      int hours = (int)StringToInteger(StringSubstr(iso, i + 1, 2));
      int minutes = (int)StringToInteger(StringSubstr(iso, i + 4, 2));
      t -= sign * (hours * 3600 + minutes * 60);
     }
   return t;
  }

string RegisterBody(const double initialBalance)
  {
   string body = "{\"login\":" + JsonString(g_login) + ",\"server\":" + JsonString(g_server) +
                 ",\"currency\":" + JsonString(g_currency) + ",\"initialBalance\":" + FormatAmount(initialBalance) +
                 ",\"platform\":\"mt4\"";
   if(InpAccountName != "")
      body += ",\"name\":" + JsonString(InpAccountName);
   return body + "}";
  }

//--- openPositions only when known: left out, the service takes the open positions as not known (not as none)
string SnapshotBody(const QueueItem &item)
  {
   return "{\"at\":" + JsonString(item.at) + ",\"balance\":" + FormatAmount(item.balance) + ",\"equity\":" + FormatAmount(item.equity) +
          OpenPositionsField(item) + "}";
  }

string OpenPositionsField(const QueueItem &item)
  {
   return item.openPositions == "" ? "" : ",\"openPositions\":" + item.openPositions;
  }

string ReportBody(const QueueItem &item)
  {
   return "{\"date\":" + JsonString(item.date) + ",\"balance\":" + FormatAmount(item.balance) + ",\"equity\":" + FormatAmount(item.equity) +
          ",\"closedPnl\":" + FormatAmount(item.closedPnl) + "}";
  }

string PositionsBody(const QueueItem &item)
  {
   return "{\"positions\":" + item.positions + "}";
  }

//--- "positions 123456, 123457 (2)": the ids of a positions message, for the journal
string PositionsLabel(const string positions)
  {
   string ids = "";
   int count = 0;
   int from = 0;
   string key = "{\"position\":\"";
   while(true)
     {
      int at = StringFind(positions, key, from);
      if(at < 0)
         break;
      int start = at + StringLen(key);
      int end = StringFind(positions, "\"", start);
      if(end < 0)
         break;
      if(count < 3)
         ids += (count > 0 ? ", " : "") + StringSubstr(positions, start, end - start);
      count++;
      from = end;
     }
   return "positions " + ids + (count > 3 ? " ..." : "") + " (" + IntegerToString(count) + ")";
  }

//--- an item as the journal names it
string ItemLabel(const QueueItem &item)
  {
   if(item.isPositions)
      return PositionsLabel(item.positions);
   return item.isReport ? "report " + item.date : "snapshot " + item.at;
  }

//--- the queue file's line for an item (same form as the reference tracker's)
string QueueLine(const QueueItem &item)
  {
   if(item.isPositions)
      return "{\"kind\":\"positions\",\"positions\":" + item.positions + ",\"seq\":" + IntegerToString(item.seq) + "}";
   if(item.isReport)
      return "{\"kind\":\"report\",\"date\":" + JsonString(item.date) + ",\"balance\":" + FormatAmount(item.balance) +
             ",\"equity\":" + FormatAmount(item.equity) + ",\"closedPnl\":" + FormatAmount(item.closedPnl) + ",\"seq\":" + IntegerToString(item.seq) + "}";
   return "{\"kind\":\"snapshot\",\"at\":" + JsonString(item.at) + ",\"balance\":" + FormatAmount(item.balance) +
          ",\"equity\":" + FormatAmount(item.equity) + OpenPositionsField(item) + ",\"seq\":" + IntegerToString(item.seq) + "}";
  }

//+------------------------------------------------------------------+
//| A small JSON reader: top-level fields of an object               |
//+------------------------------------------------------------------+
int SkipSpaces(const string json, int i)
  {
   int n = StringLen(json);
   while(i < n)
     {
      ushort c = StringGetCharacter(json, i);
      if(c != ' ' && c != '\t' && c != '\r' && c != '\n')
         break;
      i++;
     }
   return i;
  }

//--- four hex digits to a UTF-16 unit
ushort HexValue(const string hex)
  {
   int value = 0;
   for(int i = 0; i < StringLen(hex); i++)
     {
      ushort c = StringGetCharacter(hex, i);
      int digit = 0;
      if(c >= '0' && c <= '9')
         digit = c - '0';
      else
         if(c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
         else
            if(c >= 'A' && c <= 'F')
               digit = c - 'A' + 10;
      value = value * 16 + digit;
     }
   return (ushort)value;
  }

//--- reads the string literal starting at json[i] == '"'; returns the index after it, -1 if unterminated
int ReadJsonString(const string json, int i, string &out)
  {
   int n = StringLen(json);
   out = "";
   i++;
   while(i < n)
     {
      ushort c = StringGetCharacter(json, i);
      if(c == '"')
         return i + 1;
      if(c == '\\' && i + 1 < n)
        {
         ushort e = StringGetCharacter(json, i + 1);
         if(e == 'n')
            out += "\n";
         else
            if(e == 'r')
               out += "\r";
            else
               if(e == 't')
                  out += "\t";
               else
                  if(e == 'b')
                     out += ShortToString(8);
                  else
                     if(e == 'f')
                        out += ShortToString(12);
                     else
                        if(e == 'u' && i + 5 < n)
                          {
                           out += ShortToString(HexValue(StringSubstr(json, i + 2, 4)));
                           i += 4;
                          }
                        else
                           out += ShortToString(e);
         i += 2;
         continue;
        }
      out += ShortToString(c);
      i++;
     }
   return -1;
  }

//--- the index after the array or object starting at json[i]; -1 if it does not end
int JsonValueEnd(const string json, int i)
  {
   int n = StringLen(json);
   int depth = 0;
   while(i < n)
     {
      ushort c = StringGetCharacter(json, i);
      if(c == '"')
        {
         string skipped;
         i = ReadJsonString(json, i, skipped);
         if(i < 0)
            return -1;
         continue;
        }
      if(c == '[' || c == '{')
         depth++;
      else
         if(c == ']' || c == '}')
           {
            depth--;
            if(depth == 0)
               return i + 1;
           }
      i++;
     }
   return -1;
  }

//--- the value of a top-level key: strings unescaped, arrays and objects, numbers and literals as written
bool JsonGet(const string json, const string key, string &value)
  {
   int n = StringLen(json);
   int depth = 0;
   int i = 0;
   while(i < n)
     {
      ushort c = StringGetCharacter(json, i);
      if(c == '"')
        {
         string s;
         int end = ReadJsonString(json, i, s);
         if(end < 0)
            return false;
         int j = SkipSpaces(json, end);
         if(depth == 1 && j < n && StringGetCharacter(json, j) == ':' && s == key)
           {
            j = SkipSpaces(json, j + 1);
            if(j < n && StringGetCharacter(json, j) == '"')
               return ReadJsonString(json, j, value) >= 0;
            if(j < n && (StringGetCharacter(json, j) == '[' || StringGetCharacter(json, j) == '{'))
              {
               int close = JsonValueEnd(json, j);
               if(close < 0)
                  return false;
               value = StringSubstr(json, j, close - j);
               return true;
              }
            int k = j;
            while(k < n)
              {
               ushort d = StringGetCharacter(json, k);
               if(d == ',' || d == '}' || d == ']' || d == ' ' || d == '\r' || d == '\n' || d == '\t')
                  break;
               k++;
              }
            value = StringSubstr(json, j, k - j);
            return k > j;
           }
         i = end;
         continue;
        }
      if(c == '{' || c == '[')
         depth++;
      else
         if(c == '}' || c == ']')
            depth--;
      i++;
     }
   return false;
  }

string JsonText(const string json, const string key)
  {
   string value = "";
   if(!JsonGet(json, key, value))
      return "";
   return value;
  }

//+------------------------------------------------------------------+
//| Files in the common folder (FILE_COMMON)                         |
//+------------------------------------------------------------------+
string ReadAll(const string name)
  {
   if(!FileIsExist(name, FILE_COMMON))
      return "";
   int h = FileOpen(name, FILE_READ | FILE_BIN | FILE_COMMON | FILE_SHARE_READ);
   if(h == INVALID_HANDLE)
     {
      Log("cannot read " + name + " (error " + IntegerToString(GetLastError()) + ")");
      return "";
     }
   string text = "";
   int size = (int)FileSize(h);
   if(size > 0)
     {
      uchar bytes[];
      ArrayResize(bytes, size);
      FileReadArray(h, bytes, 0, size);
      text = CharArrayToString(bytes, 0, size, CP_UTF8);
     }
   FileClose(h);
   return text;
  }

bool WriteBytes(const int h, const string text)
  {
   uchar bytes[];
   int n = StringToCharArray(text, bytes, 0, WHOLE_ARRAY, CP_UTF8) - 1; // strip the trailing NUL
   if(n <= 0)
      return true;
   return FileWriteArray(h, bytes, 0, n) == (uint)n;
  }

bool AppendText(const string name, const string text)
  {
   int h = FileOpen(name, FILE_READ | FILE_WRITE | FILE_BIN | FILE_COMMON | FILE_SHARE_READ);
   if(h == INVALID_HANDLE)
     {
      Log("cannot write " + name + " (error " + IntegerToString(GetLastError()) + ")");
      return false;
     }
   FileSeek(h, 0, SEEK_END);
   bool ok = WriteBytes(h, text);
   FileClose(h);
   return ok;
  }

//--- writes a temporary file, then moves it over the target: a crash leaves the old or the new file, never half
bool WriteAtomically(const string name, const string text)
  {
   string temporary = name + ".tmp";
   int h = FileOpen(temporary, FILE_WRITE | FILE_BIN | FILE_COMMON);
   if(h == INVALID_HANDLE)
     {
      Log("cannot write " + temporary + " (error " + IntegerToString(GetLastError()) + ")");
      return false;
     }
   bool ok = WriteBytes(h, text);
   FileClose(h);
   if(!ok || !FileMove(temporary, FILE_COMMON, name, FILE_COMMON | FILE_REWRITE))
     {
      Log("cannot replace " + name + " (error " + IntegerToString(GetLastError()) + ")");
      return false;
     }
   return true;
  }

//+------------------------------------------------------------------+
//| Persisted state                                                  |
//+------------------------------------------------------------------+
void SaveState()
  {
   string s = "{\"lastAt\":" + JsonString(g_hasLast ? g_lastAt : "") +
              ",\"lastBalance\":" + FormatAmount(g_lastBalance) + ",\"lastEquity\":" + FormatAmount(g_lastEquity) +
              ",\"day\":" + JsonString(g_hasDay ? g_day : "") + ",\"dayStartsAt\":" + JsonString(g_dayStartsAt) +
              ",\"dayEndsAt\":" + JsonString(g_dayEndsAt) + ",\"dayBalance\":" + FormatAmount(g_dayBalance) +
              ",\"dayEquity\":" + FormatAmount(g_dayEquity) + ",\"dayReported\":" + (g_dayReported ? "true" : "false") +
              ",\"lastReportedDay\":" + JsonString(g_lastReportedDay) + ",\"serverOffset\":" + IntegerToString(g_serverOffset) +
              ",\"lastClose\":" + JsonString(g_hasLastClose ? IntegerToString(g_lastCloseTicket) : "") +
              ",\"lastCloseTime\":" + IntegerToString((long)g_lastCloseTime) + ",\"excursions\":" + JsonString(ExcursionsText()) +
              ",\"recentCloses\":" + JsonString(RecentClosesText()) + "}\n";
   WriteAtomically(g_files + ".state", s);
  }

void LoadState()
  {
   string s = ReadAll(g_files + ".state");
   if(s == "")
      return;
   g_lastAt = JsonText(s, "lastAt");
   g_hasLast = g_lastAt != "";
   g_lastBalance = StringToDouble(JsonText(s, "lastBalance"));
   g_lastEquity = StringToDouble(JsonText(s, "lastEquity"));
   g_day = JsonText(s, "day");
   g_hasDay = g_day != "";
   g_dayStartsAt = JsonText(s, "dayStartsAt");
   g_dayEndsAt = JsonText(s, "dayEndsAt");
   g_dayBalance = StringToDouble(JsonText(s, "dayBalance"));
   g_dayEquity = StringToDouble(JsonText(s, "dayEquity"));
   g_dayReported = JsonText(s, "dayReported") == "true";
   g_lastReportedDay = JsonText(s, "lastReportedDay");
   g_serverOffset = (int)StringToInteger(JsonText(s, "serverOffset"));
   string lastClose = JsonText(s, "lastClose");
   g_hasLastClose = lastClose != "";
   g_lastCloseTicket = StringToInteger(lastClose);
   g_lastCloseTime = (datetime)StringToInteger(JsonText(s, "lastCloseTime"));
   LoadExcursions(JsonText(s, "excursions"));
   LoadRecentCloses(JsonText(s, "recentCloses"));
  }

//+------------------------------------------------------------------+
//| The queue (docs/tracker-protocol.md, "Queue")                    |
//+------------------------------------------------------------------+
int QueueSize()
  {
   return ArraySize(g_queue) - g_head;
  }

bool ParseQueueLine(const string line, QueueItem &item)
  {
   string kind = JsonText(line, "kind");
   string seq = JsonText(line, "seq");
   item.isPositions = kind == "positions";
   item.positions = "";
   item.openPositions = "";
   if(item.isPositions)
     {
      // The positions were checked when they were queued: the line holds the message's array as it is sent.
      item.seq = StringToInteger(seq);
      item.isReport = false;
      item.at = "";
      item.date = "";
      item.balance = 0;
      item.equity = 0;
      item.closedPnl = 0;
      item.positions = JsonText(line, "positions");
      return item.seq > 0 && StringLen(item.positions) > 2 && StringGetCharacter(item.positions, 0) == '[';
     }
   string balance = JsonText(line, "balance");
   string equity = JsonText(line, "equity");
   if(seq == "" || balance == "" || equity == "")
      return false;
   item.seq = StringToInteger(seq);
   item.balance = StringToDouble(balance);
   item.equity = StringToDouble(equity);
   item.closedPnl = 0;
   item.at = "";
   item.date = "";
   if(kind == "snapshot")
     {
      item.isReport = false;
      item.at = JsonText(line, "at");
      string open = JsonText(line, "openPositions");
      // A line of an older EA has none: the snapshot is sent without them (not known), as it was queued.
      if(StringLen(open) >= 2 && StringGetCharacter(open, 0) == '[')
         item.openPositions = open;
      return item.seq > 0 && ParseInstant(item.at) > 0;
     }
   if(kind == "report")
     {
      item.isReport = true;
      item.date = JsonText(line, "date");
      string pnl = JsonText(line, "closedPnl");
      item.closedPnl = StringToDouble(pnl);
      return item.seq > 0 && StringLen(item.date) == 10 && pnl != "";
     }
   return false;
  }

void LoadQueue()
  {
   string ack = ReadAll(g_files + ".ack");
   ack = Trim(ack);
   if(ack != "")
      g_ackedSeq = StringToInteger(ack);
   long maxSeq = g_ackedSeq;
   string text = ReadAll(g_files + ".queue");
   // A crash mid-append leaves a torn last line: end it, so the next append starts a line of its own.
   if(text != "" && StringGetCharacter(text, StringLen(text) - 1) != '\n')
      AppendText(g_files + ".queue", "\n");
   string lines[];
   int count = StringSplit(text, '\n', lines);
   ArrayResize(g_queue, 0);
   g_head = 0;
   for(int i = 0; i < count; i++)
     {
      string line = lines[i];
      line = Trim(line);
      if(line == "")
         continue;
      QueueItem item;
      if(!ParseQueueLine(line, item))
        {
         Log("skipped an unreadable line of the queue: " + StringSubstr(line, 0, 80));
         g_deadLines++;
         continue;
        }
      if(item.seq > maxSeq)
         maxSeq = item.seq;
      if(item.seq <= g_ackedSeq)
        {
         g_deadLines++;
         continue;
        }
      int size = ArraySize(g_queue);
      ArrayResize(g_queue, size + 1, 1000);
      g_queue[size] = item;
     }
   g_nextSeq = maxSeq + 1;
  }

//--- rewrites the queue file with the waiting items only
void RewriteQueue()
  {
   int size = QueueSize();
   QueueItem live[];
   ArrayResize(live, size);
   for(int i = 0; i < size; i++)
      live[i] = g_queue[g_head + i];
   ArrayResize(g_queue, size, 1000);
   string text = "";
   for(int i = 0; i < size; i++)
     {
      g_queue[i] = live[i];
      text += QueueLine(live[i]) + "\n";
     }
   g_head = 0;
   WriteAtomically(g_files + ".queue", text);
   g_deadLines = 0;
  }

//--- over the cap: the oldest snapshots leave, a tenth of the cap at once; reports and positions are never dropped
void DropOldestSnapshots()
  {
   int size = QueueSize();
   int toDrop = (int)MathMax(size - QUEUE_CAP, MathMax(QUEUE_CAP / 10, 1));
   int dropped = 0;
   string first = "";
   QueueItem kept[];
   ArrayResize(kept, 0, 1000);
   for(int i = 0; i < size; i++)
     {
      QueueItem item = g_queue[g_head + i];
      if(!item.isReport && !item.isPositions && dropped < toDrop)
        {
         if(dropped == 0)
            first = item.at;
         dropped++;
         continue;
        }
      int k = ArraySize(kept);
      ArrayResize(kept, k + 1, 1000);
      kept[k] = item;
     }
   if(dropped == 0)
      return;
   int keptSize = ArraySize(kept);
   ArrayResize(g_queue, keptSize, 1000);
   for(int i = 0; i < keptSize; i++)
      g_queue[i] = kept[i];
   g_head = 0;
   RewriteQueue();
   Log("the queue reached its cap of " + IntegerToString(QUEUE_CAP) + " items: dropped the " + IntegerToString(dropped) +
       " oldest snapshots (from " + first + ")");
  }

void Enqueue(QueueItem &item)
  {
   item.seq = g_nextSeq++;
   AppendText(g_files + ".queue", QueueLine(item) + "\n");
   int size = ArraySize(g_queue);
   ArrayResize(g_queue, size + 1, 1000);
   g_queue[size] = item;
   if(QueueSize() > QUEUE_CAP)
      DropOldestSnapshots();
  }

//--- the head item has left the queue (answered, or refused for good)
void Ack(const long seq)
  {
   g_head++;
   g_ackedSeq = seq;
   g_deadLines++;
   WriteAtomically(g_files + ".ack", IntegerToString(seq) + "\n");
   if(QueueSize() == 0 || g_deadLines >= COMPACT_AFTER)
      RewriteQueue();
  }

//--- true when a snapshot taken before the instant still waits
bool HasSnapshotBefore(const datetime limit)
  {
   for(int i = g_head; i < ArraySize(g_queue); i++)
      if(!g_queue[i].isReport && !g_queue[i].isPositions && ParseInstant(g_queue[i].at) < limit)
         return true;
   return false;
  }

//+------------------------------------------------------------------+
//| Closed P&L of a firm day from this account's deal history        |
//+------------------------------------------------------------------+
void UpdateServerOffset()
  {
   // MT4 has no TimeTradeServer(): TimeCurrent() is the last quote's server time, exact only inside OnTick.
   long diff = (long)(TimeCurrent() - TimeGMT());
   int rounded = (int)(MathRound(diff / 900.0) * 900);
   if(MathAbs((double)(diff - rounded)) <= 60 && MathAbs(rounded) <= 14 * 3600)
      g_serverOffset = rounded;
  }

//--- profit + commission + swap of the buy and sell orders closed in [startUtc, endUtc) (balance and credit rows excluded).
//--- MT4 only sees the history shown in the Account History tab: set it to "All History" (or at least the last days).
double ClosedPnl(const datetime startUtc, const datetime endUtc)
  {
   datetime from = startUtc + g_serverOffset;
   datetime to = endUtc + g_serverOffset;
   double sum = 0;
   int total = OrdersHistoryTotal();
   for(int i = 0; i < total; i++)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_HISTORY))
         continue;
      int type = OrderType();
      if(type != OP_BUY && type != OP_SELL)
         continue; // balance (6) and credit (7) rows, cancelled pending orders: not profit
      datetime t = OrderCloseTime();
      if(t < from || t >= to)
         continue;
      sum += OrderProfit() + OrderCommission() + OrderSwap();
     }
   return RoundAmount(sum);
  }

//+------------------------------------------------------------------+
//| Closed positions (docs/tracker-protocol.md, message 6)           |
//+------------------------------------------------------------------+
//--- a closed position as the history tells it; times are server times
struct ClosedPosition
  {
   long              id;
   string            symbol;
   bool              buy;
   double            volume;
   datetime          opened;
   datetime          closed;
   double            openPrice;
   double            closePrice;
   double            stopLoss;   // 0: none
   double            takeProfit; // 0: none
   double            commission;
   double            swap;
   double            fee;
   double            profit;
   string            comment;
   long              magic;
  };

string    g_batch      = "";    // position objects of the message being gathered
int       g_batchCount = 0;

int ExcursionIndex(const long id)
  {
   for(int k = 0; k < ArraySize(g_excursionId); k++)
      if(g_excursionId[k] == id)
         return k;
   return -1;
  }

//--- one sample of an open position's floating profit; `opened` (server time) tells whether it opened while watched
void SampleExcursion(const long id, const double profit, const datetime opened)
  {
   int k = ExcursionIndex(id);
   if(k < 0)
     {
      k = ArraySize(g_excursionId);
      ArrayResize(g_excursionId, k + 1, 100);
      ArrayResize(g_excursionWorst, k + 1, 100);
      ArrayResize(g_excursionBest, k + 1, 100);
      ArrayResize(g_excursionWhole, k + 1, 100);
      g_excursionId[k] = id;
      g_excursionWorst[k] = profit;
      g_excursionBest[k] = profit;
      // Opened before this run watched it: its worst and best before then are unknown, so none are sent.
      g_excursionWhole[k] = opened >= g_watchSince;
     }
   g_excursionWorst[k] = MathMin(g_excursionWorst[k], profit);
   g_excursionBest[k] = MathMax(g_excursionBest[k], profit);
  }

void RemoveExcursion(const int k)
  {
   int last = ArraySize(g_excursionId) - 1;
   g_excursionId[k] = g_excursionId[last];
   g_excursionWorst[k] = g_excursionWorst[last];
   g_excursionBest[k] = g_excursionBest[last];
   g_excursionWhole[k] = g_excursionWhole[last];
   ArrayResize(g_excursionId, last, 100);
   ArrayResize(g_excursionWorst, last, 100);
   ArrayResize(g_excursionBest, last, 100);
   ArrayResize(g_excursionWhole, last, 100);
  }

//--- the state's form: "id:worst:best:whole;..."
string ExcursionsText()
  {
   string text = "";
   for(int k = 0; k < ArraySize(g_excursionId); k++)
      text += (k > 0 ? ";" : "") + IntegerToString(g_excursionId[k]) + ":" + DoubleToString(g_excursionWorst[k], 2) + ":" +
              DoubleToString(g_excursionBest[k], 2) + ":" + (g_excursionWhole[k] ? "1" : "0");
   return text;
  }

void LoadExcursions(const string text)
  {
   string entries[];
   int count = StringSplit(text, ';', entries);
   for(int i = 0; i < count; i++)
     {
      string parts[];
      if(StringSplit(entries[i], ':', parts) != 4)
         continue;
      int k = ArraySize(g_excursionId);
      ArrayResize(g_excursionId, k + 1, 100);
      ArrayResize(g_excursionWorst, k + 1, 100);
      ArrayResize(g_excursionBest, k + 1, 100);
      ArrayResize(g_excursionWhole, k + 1, 100);
      g_excursionId[k] = StringToInteger(parts[0]);
      g_excursionWorst[k] = StringToDouble(parts[1]);
      g_excursionBest[k] = StringToDouble(parts[2]);
      g_excursionWhole[k] = parts[3] == "1";
     }
  }

//--- ,"mae":…,"mfe":… of a closed position (null unless watched since it opened); the position is then forgotten
string ExcursionJson(const long id)
  {
   int k = ExcursionIndex(id);
   string json = ",\"mae\":null,\"mfe\":null";
   if(k < 0)
      return json;
   if(g_excursionWhole[k])
      json = ",\"mae\":" + FormatAmount(MathMin(0, g_excursionWorst[k])) + ",\"mfe\":" + FormatAmount(MathMax(0, g_excursionBest[k]));
   RemoveExcursion(k);
   return json;
  }

//--- one position's object, keys in the documented order, times in UTC
string PositionJson(const ClosedPosition &p)
  {
   return "{\"position\":" + JsonString(IntegerToString(p.id)) + ",\"symbol\":" + JsonString(p.symbol) +
          ",\"side\":" + (p.buy ? "\"buy\"" : "\"sell\"") + ",\"volume\":" + FormatQuantity(p.volume) +
          ",\"openedAt\":" + JsonString(FormatInstant(p.opened - g_serverOffset)) +
          ",\"closedAt\":" + JsonString(FormatInstant(p.closed - g_serverOffset)) +
          ",\"openPrice\":" + FormatQuantity(p.openPrice) + ",\"closePrice\":" + FormatQuantity(p.closePrice) +
          ",\"stopLoss\":" + (p.stopLoss > 0 ? FormatQuantity(p.stopLoss) : "null") +
          ",\"takeProfit\":" + (p.takeProfit > 0 ? FormatQuantity(p.takeProfit) : "null") +
          ",\"commission\":" + FormatAmount(p.commission) + ",\"swap\":" + FormatAmount(p.swap) + ",\"fee\":" + FormatAmount(p.fee) +
          ",\"profit\":" + FormatAmount(p.profit) + ",\"comment\":" + JsonString(p.comment) +
          ",\"magic\":" + IntegerToString(p.magic < 0 ? 0 : p.magic) + ExcursionJson(p.id) + "}";
  }

//--- gathers position objects into messages of at most 1,000
void AddToBatch(const string json)
  {
   g_batch += (g_batchCount > 0 ? "," : "") + json;
   g_batchCount++;
   if(g_batchCount >= POSITIONS_PER_MESSAGE)
      FlushBatch();
  }

void FlushBatch()
  {
   if(g_batchCount == 0)
      return;
   QueueItem item;
   item.isReport = false;
   item.isPositions = true;
   item.positions = "[" + g_batch + "]";
   item.at = "";
   item.date = "";
   item.balance = 0;
   item.equity = 0;
   item.closedPnl = 0;
   Enqueue(item);
   g_batch = "";
   g_batchCount = 0;
   Log(PositionsLabel(item.positions) + ": queued");
  }

//--- the orders closed in the last RECENT_CLOSES_S seconds before the last close queued (persisted): MT4's history is in
//--- no fixed order and a close may show in it after a later one, so that window is looked at again, each ticket once
long      g_recentTicket[];
datetime  g_recentClose[];
int       g_openOrders = -1;     // OrdersTotal() at the last sample: a change means an order opened or closed

//--- every second: the floating profit of each open market order
void SampleExcursions()
  {
   int total = OrdersTotal();
   if(total != g_openOrders)
     {
      g_openOrders = total;
      g_scanCloses = true;
     }
   for(int i = total - 1; i >= 0; i--)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES))
         continue;
      if(OrderType() != OP_BUY && OrderType() != OP_SELL)
         continue; // a pending order has no floating profit
      SampleExcursion(OrderTicket(), OrderProfit(), OrderOpenTime());
     }
  }

//--- forgets the samples of orders that are no longer open (their close was queued, or happened unwatched)
void ForgetClosedExcursions()
  {
   for(int k = ArraySize(g_excursionId) - 1; k >= 0; k--)
      if(!OrderSelect((int)g_excursionId[k], SELECT_BY_TICKET) || OrderCloseTime() != 0)
         RemoveExcursion(k);
  }

bool RecentClose(const long ticket)
  {
   for(int k = 0; k < ArraySize(g_recentTicket); k++)
      if(g_recentTicket[k] == ticket)
         return true;
   return false;
  }

void RememberClose(const long ticket, const datetime closed)
  {
   int k = ArraySize(g_recentTicket);
   ArrayResize(g_recentTicket, k + 1, 100);
   ArrayResize(g_recentClose, k + 1, 100);
   g_recentTicket[k] = ticket;
   g_recentClose[k] = closed;
  }

//--- keeps only the closes still inside the window before the last one
void ForgetOldCloses()
  {
   int kept = 0;
   for(int k = 0; k < ArraySize(g_recentTicket); k++)
     {
      if(g_recentClose[k] <= g_lastCloseTime - RECENT_CLOSES_S)
         continue;
      g_recentTicket[kept] = g_recentTicket[k];
      g_recentClose[kept] = g_recentClose[k];
      kept++;
     }
   ArrayResize(g_recentTicket, kept, 100);
   ArrayResize(g_recentClose, kept, 100);
  }

//--- the state's form: "ticket@close;..."
string RecentClosesText()
  {
   string text = "";
   for(int k = 0; k < ArraySize(g_recentTicket); k++)
      text += (k > 0 ? ";" : "") + IntegerToString(g_recentTicket[k]) + "@" + IntegerToString((long)g_recentClose[k]);
   return text;
  }

void LoadRecentCloses(const string text)
  {
   string entries[];
   int count = StringSplit(text, ';', entries);
   for(int i = 0; i < count; i++)
     {
      string parts[];
      if(StringSplit(entries[i], '@', parts) == 2)
         RememberClose(StringToInteger(parts[0]), (datetime)StringToInteger(parts[1]));
     }
  }

//--- a closed market order of the history, ready to be selected: is it one this scan should take?
bool IsClosedTrade()
  {
   return (OrderType() == OP_BUY || OrderType() == OP_SELL) && OrderCloseTime() > g_lastCloseTime - RECENT_CLOSES_S;
  }

//--- the history's last close: the orders closed before it were closed before the tracker watched (the statement's part)
void StartClosesHere()
  {
   g_lastCloseTime = 0;
   int total = OrdersHistoryTotal();
   for(int i = 0; i < total; i++)
      if(OrderSelect(i, SELECT_BY_POS, MODE_HISTORY) && (OrderType() == OP_BUY || OrderType() == OP_SELL) && OrderCloseTime() > g_lastCloseTime)
         g_lastCloseTime = OrderCloseTime();
   for(int i = 0; i < total; i++)
      if(OrderSelect(i, SELECT_BY_POS, MODE_HISTORY) && IsClosedTrade())
         RememberClose(OrderTicket(), OrderCloseTime());
   g_lastCloseTicket = 0; // MT4 keeps the window above instead of a deal ticket
   g_hasLastClose = true;
   SaveState();
  }

//--- the selected closed order as a position (MT4: one ticket is one position; a partial close leaves a new ticket)
void ReadPosition(ClosedPosition &p)
  {
   p.id = OrderTicket();
   p.symbol = OrderSymbol();
   p.buy = OrderType() == OP_BUY;
   p.volume = OrderLots();
   p.opened = OrderOpenTime();
   p.closed = OrderCloseTime();
   p.openPrice = OrderOpenPrice();
   p.closePrice = OrderClosePrice();
   p.stopLoss = OrderStopLoss();
   p.takeProfit = OrderTakeProfit();
   p.commission = OrderCommission();
   p.swap = OrderSwap();
   p.fee = 0;
   p.profit = OrderProfit();
   p.comment = OrderComment();
   p.magic = OrderMagicNumber();
  }

//--- queues the orders closed since the last look; `prune` forgets stale samples too
void ScanClosedPositions(const bool prune)
  {
   g_scanCloses = false;
   if(!g_hasLastClose)
     {
      StartClosesHere();
      return;
     }
   datetime newest = g_lastCloseTime;
   int total = OrdersHistoryTotal();
   for(int i = 0; i < total; i++)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_HISTORY) || !IsClosedTrade() || RecentClose(OrderTicket()))
         continue;
      ClosedPosition p;
      ReadPosition(p);
      AddToBatch(PositionJson(p));
      RememberClose(p.id, p.closed);
      if(p.closed > newest)
         newest = p.closed;
     }
   FlushBatch();
   g_lastCloseTime = newest;
   ForgetOldCloses();
   if(prune)
      ForgetClosedExcursions();
   SaveState();
  }

//+------------------------------------------------------------------+
//| Open positions with their stops (docs/tracker-protocol.md, 3)    |
//+------------------------------------------------------------------+
#define OPEN_POSITIONS_CAP 200    // the most one snapshot lists: the service refuses more

bool      g_openCapLogged = false; // more positions than the cap were open: said once in the journal

//--- a position open at a reading; `opened` is server time
struct OpenPosition
  {
   long              id;
   string            symbol;
   bool              buy;
   double            volume;
   datetime          opened;
   double            stopLoss;   // 0: none
   bool              lossKnown;  // false without a stop, or when the stop could not be priced
   double            lossAtStop; // net loss in account currency if the stop is hit; <= 0 at or past breakeven
  };

//--- one open position's object, keys in the documented order. The service refuses a position opened after the
//--- snapshot's `at`: the trade server's clock and this computer's may differ by a few seconds, and a position seen
//--- open at the reading opened before it, so its opening is never written later than the reading
string OpenPositionJson(const OpenPosition &p, const datetime atUtc)
  {
   datetime opened = p.opened - g_serverOffset;
   if(opened > atUtc)
      opened = atUtc;
   return "{\"position\":" + JsonString(IntegerToString(p.id)) + ",\"symbol\":" + JsonString(p.symbol) +
          ",\"side\":" + (p.buy ? "\"buy\"" : "\"sell\"") + ",\"volume\":" + FormatQuantity(p.volume) +
          ",\"openedAt\":" + JsonString(FormatInstant(opened)) +
          ",\"stopLoss\":" + (p.stopLoss > 0 ? FormatQuantity(p.stopLoss) : "null") +
          ",\"lossAtStop\":" + (p.stopLoss > 0 && p.lossKnown ? FormatAmount(p.lossAtStop) : "null") + "}";
  }

//--- adds one position to the snapshot's array; false once the cap is reached (said once in the journal)
bool AddOpenPosition(string &json, int &count, const OpenPosition &p, const datetime atUtc)
  {
   if(count >= OPEN_POSITIONS_CAP)
     {
      if(!g_openCapLogged)
         Log("more than " + IntegerToString(OPEN_POSITIONS_CAP) + " positions open: snapshots list the first " + IntegerToString(OPEN_POSITIONS_CAP) +
             " (the most the service takes); risk per trade is not judged for the others");
      g_openCapLogged = true;
      return false;
     }
   json += (count > 0 ? "," : "") + OpenPositionJson(p, atUtc);
   count++;
   return true;
  }

//--- the selected market order. The loss at the stop is the price move from the open price to the stop in ticks
//--- times the symbol's tick value (MarketInfo: in the account currency at today's conversion rate) times the lots,
//--- against the position (a stop past the open price in the position's favour gives 0 or less), less the swap and
//--- commission already charged (negative costs add to the loss). Without a tick size or value (no quote yet),
//--- the loss is null and the stop is kept: the service then warns as for a position without a stop rather than
//--- judging a guess
void ReadOpenOrder(OpenPosition &p)
  {
   p.id = OrderTicket();
   p.symbol = OrderSymbol();
   p.buy = OrderType() == OP_BUY;
   p.volume = OrderLots();
   p.opened = OrderOpenTime();
   p.stopLoss = OrderStopLoss();
   p.lossKnown = false;
   p.lossAtStop = 0;
   if(p.stopLoss <= 0)
      return;
   double tickSize = MarketInfo(p.symbol, MODE_TICKSIZE);
   double tickValue = MarketInfo(p.symbol, MODE_TICKVALUE);
   if(tickSize <= 0 || tickValue <= 0)
      return;
   double against = p.buy ? OrderOpenPrice() - p.stopLoss : p.stopLoss - OrderOpenPrice();
   p.lossKnown = true;
   p.lossAtStop = against / tickSize * tickValue * p.volume - (OrderSwap() + OrderCommission());
  }

//--- the account's open market orders now, every symbol and magic (the firm judges the account), as a snapshot's
//--- openPositions array: "[]" when none is open; pending orders are not positions
string OpenPositionsJson(const datetime atUtc)
  {
   int total = OrdersTotal();
   string json = "";
   int count = 0;
   for(int i = 0; i < total; i++)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES))
         continue;
      if(OrderType() != OP_BUY && OrderType() != OP_SELL)
         continue;
      OpenPosition p;
      ReadOpenOrder(p);
      if(!AddOpenPosition(json, count, p, atUtc))
         break;
     }
   return "[" + json + "]";
  }

//+------------------------------------------------------------------+
//| Snapshots and reports (docs/tracker-protocol.md, "When ...")     |
//+------------------------------------------------------------------+
void QueueReport()
  {
   if(!g_hasDay || g_dayReported)
      return;
   if(g_lastReportedDay != "" && StringCompare(g_day, g_lastReportedDay) <= 0)
     {
      g_dayReported = true;
      return;
     }
   QueueItem item;
   item.isReport = true;
   item.isPositions = false;
   item.positions = "";
   item.at = "";
   item.date = g_day;
   item.balance = g_dayBalance;
   item.equity = g_dayEquity;
   item.closedPnl = ClosedPnl(ParseInstant(g_dayStartsAt), ParseInstant(g_dayEndsAt));
   Enqueue(item);
   g_dayReported = true;
   g_lastReportedDay = g_day;
   Log("firm day " + g_day + " ended at " + g_dayEndsAt + ": report queued (balance " + FormatAmount(item.balance) +
       ", equity " + FormatAmount(item.equity) + ", closed P&L " + FormatAmount(item.closedPnl) + ")");
  }

//--- the open day has ended and all of its snapshots are answered: queue its report
void ReportEndedDay(const datetime now)
  {
   if(!g_hasDay || g_dayReported)
      return;
   datetime ends = ParseInstant(g_dayEndsAt);
   if(now < ends || HasSnapshotBefore(ends))
      return;
   QueueReport();
   SaveState();
  }

void Observe(const datetime now)
  {
   if(AccountInfoInteger(ACCOUNT_LOGIN) == 0)
      return; // not logged in yet
   ReportEndedDay(now);
   double balance = RoundAmount(AccountInfoDouble(ACCOUNT_BALANCE));
   double equity = RoundAmount(AccountInfoDouble(ACCOUNT_EQUITY));
   string at = FormatInstant(now);
   if(g_hasLast && g_lastAt == at)
      return; // one snapshot per second at most: `at` is its identity
   string open = OpenPositionsJson(now);
   // A moved stop changes what the service judges even when the figures stand still.
   bool changed = !g_hasLast || FormatAmount(balance) != FormatAmount(g_lastBalance) || FormatAmount(equity) != FormatAmount(g_lastEquity) ||
                  open != g_lastOpenPositions;
   bool newDay = g_hasDay && now >= ParseInstant(g_dayEndsAt) && (!g_hasLast || ParseInstant(g_lastAt) < ParseInstant(g_dayEndsAt));
   if(!changed && !newDay)
      return;
   QueueItem item;
   item.isReport = false;
   item.isPositions = false;
   item.positions = "";
   item.at = at;
   item.openPositions = open;
   item.date = "";
   item.balance = balance;
   item.equity = equity;
   item.closedPnl = 0;
   Enqueue(item);
   g_hasLast = true;
   g_lastAt = at;
   g_lastOpenPositions = open;
   g_lastBalance = balance;
   g_lastEquity = equity;
   SaveState();
  }

void OnSnapshotAnswer(const QueueItem &item, const string answer)
  {
   g_sentSnapshots++;
   string day = JsonText(answer, "day");
   string starts = JsonText(answer, "dayStartsAt");
   string ends = JsonText(answer, "dayEndsAt");
   if(StringLen(day) != 10 || ParseInstant(ends) == 0)
     {
      Log("snapshot " + item.at + " answered without a firm day: " + StringSubstr(answer, 0, 200));
      return;
     }
   if(g_hasDay && StringCompare(day, g_day) < 0)
      return; // an older day answered late: its report is already decided
   if(g_hasDay && day == g_day)
     {
      g_dayStartsAt = starts;
      g_dayEndsAt = ends;
      g_dayBalance = item.balance;
      g_dayEquity = item.equity;
     }
   else
     {
      // A new firm day: the one before it has ended, and its last figures are its closing ones.
      if(g_hasDay)
         QueueReport();
      g_hasDay = true;
      g_day = day;
      g_dayStartsAt = starts;
      g_dayEndsAt = ends;
      g_dayBalance = item.balance;
      g_dayEquity = item.equity;
      g_dayReported = g_lastReportedDay != "" && StringCompare(day, g_lastReportedDay) <= 0;
     }
   SaveState();
  }

//+------------------------------------------------------------------+
//| HTTP (docs/tracker-protocol.md, "Requests" and "Retries")        |
//+------------------------------------------------------------------+
//--- one request; returns the HTTP status, or -1 for a network error (the reason in `answer`)
int Http(const string method, const string path, const string body, string &answer, int &retryAfter)
  {
   string url = g_baseUrl + path;
   string headers = "Authorization: Bearer " + InpApiKey + "\r\n" + "Accept: application/json\r\n";
   if(body != "")
      headers += "Content-Type: application/json\r\n";
   headers += "User-Agent: PropfolioTracker/" + TRACKER_VERSION + " (" + TRACKER_PLATFORM + ")\r\n";
   char data[];
   if(body != "")
     {
      int n = StringToCharArray(body, data, 0, WHOLE_ARRAY, CP_UTF8);
      ArrayResize(data, n - 1); // StringToCharArray copies the terminating NUL: it is not part of the body
     }
   else
      ArrayResize(data, 0);
   char result[];
   string resultHeaders = "";
   answer = "";
   retryAfter = 0;
   ResetLastError();
   int status = WebRequest(method, url, headers, REQUEST_TIMEOUT_MS, data, result, resultHeaders);
   if(status == -1)
     {
      int error = GetLastError();
      if(error == 4014 || error == 4060)
        {
         answer = "WebRequest is not allowed for " + g_baseUrl + " (error " + IntegerToString(error) + ")";
         string fix = "Fix: Tools > Options > Expert Advisors > tick 'Allow WebRequest for listed URL' and add " + g_baseUrl +
                      " (exactly as in InpServiceUrl). The tracker retries by itself.";
         Log(answer + ". " + fix);
         if(!g_warned4014)
           {
            g_warned4014 = true;
            Alert("PropfolioTracker: ", answer, ". ", fix);
           }
        }
      else
         answer = "WebRequest failed (error " + IntegerToString(error) + ": no connection, DNS, TLS or timeout)";
      return -1;
     }
   answer = CharArrayToString(result, 0, WHOLE_ARRAY, CP_UTF8);
   retryAfter = RetryAfterSeconds(resultHeaders);
   return status;
  }

//--- the Retry-After header in seconds (delay-seconds form), 0 when absent
int RetryAfterSeconds(const string headers)
  {
   string lines[];
   int count = StringSplit(headers, '\n', lines);
   for(int i = 0; i < count; i++)
     {
      string line = lines[i];
      line = Trim(line);
      string lower = line;
      StringToLower(lower);
      if(StringFind(lower, "retry-after:") != 0)
         continue;
      string value = StringSubstr(line, 12);
      value = Trim(value);
      int seconds = (int)StringToInteger(value);
      return (int)MathMin(MathMax(seconds, 0), RETRY_AFTER_MAX_S);
     }
   return 0;
  }

bool IsRetryable(const int status)
  {
   return status < 100 || status >= 500 || status == 408 || status == 429;
  }

string Describe(const int status, const string answer)
  {
   if(status < 100)
      return answer;
   string text = "HTTP " + IntegerToString(status);
   string code = JsonText(answer, "code");
   string detail = JsonText(answer, "detail");
   if(code != "")
      text += " " + code;
   if(detail != "")
      text += " (" + detail + ")";
   return text;
  }

void Succeeded()
  {
   g_failures = 0;
   g_nextAttempt = 0;
   g_lastProblem = "";
  }

//--- backoff: min(cap, base * 2^(n-1)) * [0.8, 1.2), Retry-After as a floor
void Failed(const string what, const int retryAfter)
  {
   g_failures++;
   double nominal = MathMin(BACKOFF_CAP_S, BACKOFF_BASE_S * MathPow(2, MathMin(g_failures - 1, 30)));
   double jitter = 0.8 + 0.4 * (MathRand() / 32768.0);
   int delay = (int)MathMin(BACKOFF_CAP_S, MathRound(nominal * jitter));
   if(retryAfter > delay)
      delay = retryAfter;
   if(delay < 1)
      delay = 1;
   g_nextAttempt = TimeGMT() + delay;
   g_lastProblem = what;
   Log(what + "; attempt " + IntegerToString(g_failures) + " failed, next in " + IntegerToString(delay) + " s (" +
       IntegerToString(QueueSize()) + " queued)");
  }

void Stop(const string reason)
  {
   g_stopped = true;
   g_lastProblem = reason;
   Log("STOPPED: " + reason + " (" + IntegerToString(QueueSize()) + " queued items kept)");
   Alert("PropfolioTracker stopped: ", reason);
   ShowStatus();
  }

string KeyHint(const int status)
  {
   if(status == 401)
      return ": the API key is wrong or revoked; issue a tracker key in the dashboard (P&L page, EA integration) and set InpApiKey";
   if(status == 403)
      return ": this API key may not do this; use a key of scope tracker";
   return "";
  }

//+------------------------------------------------------------------+
//| The guard (docs/tracker-protocol.md, message 7)                  |
//+------------------------------------------------------------------+
//--- the levels of a 200 answer; a floor the route gives as null is not used
void UseGuardLevels(const string answer)
  {
   string daily = JsonText(answer, "dailyFloor");
   string maxLoss = JsonText(answer, "maxLossFloor");
   g_guardHasDaily = daily != "" && daily != "null";
   g_guardDailyFloor = g_guardHasDaily ? StringToDouble(daily) : 0;
   g_guardHasMax = maxLoss != "" && maxLoss != "null";
   g_guardMaxFloor = g_guardHasMax ? StringToDouble(maxLoss) : 0;
   string ends = JsonText(answer, "firmDayEndsAt");
   g_guardDayEnds = ends == "" || ends == "null" ? 0 : ParseInstant(ends);
   string dailyLimit = JsonText(answer, "dailyLossLimit");
   g_guardDailyLimit = dailyLimit == "" || dailyLimit == "null" ? 0 : StringToDouble(dailyLimit);
   string maxLimit = JsonText(answer, "maxLossLimit");
   g_guardMaxLimit = maxLimit == "" || maxLimit == "null" ? 0 : StringToDouble(maxLimit);
   string thresholds = JsonText(answer, "alertThresholds");
   ReadThresholds(JsonText(thresholds, "dailyLoss"), g_alertDailyThresholds);
   ReadThresholds(JsonText(thresholds, "maxLoss"), g_alertMaxThresholds);
   string breach = BreachLine(JsonText(answer, "breach"));
   if(breach != "" && breach != g_guardBreach)
      Log(breach);
   g_guardBreach = breach;
   UseNewsWindows(JsonText(answer, "news"));
   g_guardHasLevels = true;
   g_guardNote = "";
  }

//--- the route's breach as one chart line: at the firm the attempt has failed, so the room left is no advice
string BreachLine(const string breach)
  {
   if(breach == "" || breach == "null")
      return "";
   string rule = JsonText(breach, "rule") == "maxLoss" ? "maximum loss" : "daily loss";
   string at = JsonText(breach, "at");
   string when = at == "" || at == "null" ? "on " + JsonText(breach, "day")
                 : "at " + TimeToString(ParseInstant(at) + g_serverOffset, TIME_DATE | TIME_MINUTES) + " server time";
   return "BREACHED: the " + rule + " floor " + FormatAmount(StringToDouble(JsonText(breach, "floor"))) + " was crossed " + when +
          " by " + FormatAmount(StringToDouble(JsonText(breach, "by"))) + " " + g_currency + "; the attempt has failed at the firm";
  }

//--- the route's news windows (its `news`, docs/tracker-protocol.md message 7): the next windows in which the firm
//--- restricts the account's symbols, each kept as its UTC span, the symbols it restricts and the release in words
void UseNewsWindows(const string news)
  {
   string rule = JsonText(news, "rule");
   string penalty = rule == "" || rule == "null" ? "" : JsonText(rule, "penalty");
   g_newsPenalty = penalty == "breach" ? "the account fails"
                   : penalty == "profit_removed" ? "the trade's profit is removed"
                   : penalty == "profit_share" ? "the trade's profit counts at " + JsonText(rule, "penaltyPercent") + "%" : "";
   string windows[];
   int n = JsonObjects(JsonText(news, "windows"), windows);
   ArrayResize(g_newsStart, n);
   ArrayResize(g_newsEnd, n);
   ArrayResize(g_newsSymbols, n);
   ArrayResize(g_newsRelease, n);
   for(int i = 0; i < n; i++)
     {
      g_newsStart[i] = ParseInstant(JsonText(windows[i], "start"));
      g_newsEnd[i] = ParseInstant(JsonText(windows[i], "end"));
      g_newsSymbols[i] = JsonStrings(JsonText(windows[i], "symbols"));
      string release = JsonText(windows[i], "release");
      g_newsRelease[i] = JsonText(release, "currency") + " " + JsonText(release, "title") + " at " +
                         TimeToString(ParseInstant(JsonText(release, "at")) + g_serverOffset, TIME_DATE | TIME_MINUTES) + " server time";
     }
  }

//--- the objects of a JSON array, each as its text
int JsonObjects(const string array, string &items[])
  {
   ArrayResize(items, 0);
   int n = StringLen(array);
   int i = 1;
   while(i < n)
     {
      ushort c = StringGetCharacter(array, i);
      if(c == '{')
        {
         int end = JsonValueEnd(array, i);
         if(end < 0)
            break;
         int k = ArraySize(items);
         ArrayResize(items, k + 1);
         items[k] = StringSubstr(array, i, end - i);
         i = end;
         continue;
        }
      i++;
     }
   return ArraySize(items);
  }

//--- a JSON array of strings as ",A,B," (so a symbol is found whole as ",EURUSD,"); ",," when empty
string JsonStrings(const string array)
  {
   string list = ",";
   int n = StringLen(array);
   int i = 0;
   while(i < n)
     {
      if(StringGetCharacter(array, i) == '"')
        {
         string s;
         i = ReadJsonString(array, i, s);
         if(i < 0)
            break;
         list += s + ",";
         continue;
        }
      i++;
     }
   return list == "," ? ",," : list;
  }

//--- the window open at nowUtc (both ends included) that restricts the symbol, or -1. The route names the symbols
//--- as the account trades them (EURUSD.r stays EURUSD.r), so a symbol is matched exactly
int NewsWindowAt(const string symbol, const datetime nowUtc)
  {
   for(int i = 0; i < ArraySize(g_newsStart); i++)
      if(g_newsStart[i] <= nowUtc && nowUtc <= g_newsEnd[i] && StringFind(g_newsSymbols[i], "," + symbol + ",", 0) >= 0)
         return i;
   return -1;
  }

//--- the check before opening a trade in the symbol: false inside a window the firm restricts it in. The EA opens no
//--- trade of its own (MetaTrader gives it no hook to refuse a manual one), so it shows and logs the window instead
bool NewsAllowsOpen(const string symbol, const datetime nowUtc)
  {
   return NewsWindowAt(symbol, nowUtc) < 0;
  }

//--- why a trade in the symbol is refused now, or "" when it is not
string NewsRefusal(const string symbol, const datetime nowUtc)
  {
   int i = NewsWindowAt(symbol, nowUtc);
   return i < 0 ? "" : "NEWS WINDOW: no new " + symbol + " trade until " + NewsWindowText(i);
  }

//--- a window's end and release in words
string NewsWindowText(const int i)
  {
   return TimeToString(g_newsEnd[i] + g_serverOffset, TIME_DATE | TIME_MINUTES) + " server time (" + g_newsRelease[i] +
          (g_newsPenalty == "" ? "" : "; inside it " + g_newsPenalty) + ")";
  }

//--- the chart's lines for the windows open at nowUtc, with the symbols each restricts; "" when none is open
string NewsStatus(const datetime nowUtc)
  {
   string text = "";
   for(int i = 0; i < ArraySize(g_newsStart); i++)
     {
      if(nowUtc < g_newsStart[i] || g_newsEnd[i] < nowUtc)
         continue;
      string symbols = StringSubstr(g_newsSymbols[i], 1, StringLen(g_newsSymbols[i]) - 2);
      StringReplace(symbols, ",", ", ");
      text += "\nNEWS WINDOW: no new trades in " + symbols + " until " + NewsWindowText(i);
     }
   return text;
  }

//--- every second: a window that opens is logged once (its lines change when another opens or it closes)
void NoteNewsWindows(const datetime nowUtc)
  {
   string text = NewsStatus(nowUtc);
   if(text != "" && text != g_newsLogged)
      Log(StringSubstr(text, 1, -1));
   g_newsLogged = text;
  }

//--- no levels to guard with (no challenge linked, archived, refused): the guard does nothing until they come back
void DropGuardLevels(const string why)
  {
   if(g_guardNote != why)
      Log("guard levels: " + why);
   g_guardHasLevels = false;
   g_guardBreach = "";
   UseNewsWindows("");
   g_guardNote = why;
  }

//--- GET /accounts/{id}/guard, as the lookup's GET: same headers, backoff and stops; at most once per interval
void ReadGuard(const datetime now)
  {
   g_nextGuardRead = now + InpIntervalSeconds;
   string answer;
   int retryAfter;
   int status = Http("GET", "/api/v1/accounts/" + UrlEncode(g_accountId) + "/guard", "", answer, retryAfter);
   if(status == 200)
     {
      Succeeded();
      UseGuardLevels(answer);
      return;
     }
   if(IsRetryable(status))
     {
      g_nextGuardRead = 0; // read again as soon as the backoff allows
      Failed("guard levels: " + Describe(status, answer), retryAfter);
      return;
     }
   string code = JsonText(answer, "code");
   if(status == 401 || status == 403 || (status == 409 && code == "account_archived"))
     {
      Stop(Describe(status, answer) + KeyHint(status));
      return;
     }
   // 422 rules_unknown (no challenge linked), or a server without the route (404): an answer, not a failure
   Succeeded();
   DropGuardLevels(Describe(status, answer));
  }

//--- one look at equity: guardStep of apps/tracker/src/guard.ts, same lines, states and transitions. Returns the rule
//--- acted on ("daily_loss" or "max_loss") with its floor and line, or "" for no action. The daily floor counts only
//--- before its firm day's end (after the reset it is yesterday's); of the lines in force the highest is the one
//--- equity meets first (the daily one on a tie, as the reference's stable sort keeps it first)
string GuardStep(const bool enabled, const double buffer, const double equity, const datetime nowUtc, double &floor, double &line)
  {
   if(!enabled || !g_guardHasLevels)
      return "";
   double b = MathMax(0, buffer);
   string rule = "";
   double topFloor = 0;
   double topLine = 0;
   if(g_guardHasDaily && g_guardDayEnds != 0 && nowUtc < g_guardDayEnds)
     {
      rule = "daily_loss";
      topFloor = g_guardDailyFloor;
      topLine = g_guardDailyFloor + b;
     }
   if(g_guardHasMax && (rule == "" || g_guardMaxFloor + b > topLine))
     {
      rule = "max_loss";
      topFloor = g_guardMaxFloor;
      topLine = g_guardMaxFloor + b;
     }
   if(rule == "")
      return "";
   if(equity > topLine)
     {
      g_guardArmed = true;
      return "";
     }
   if(!g_guardArmed)
      return "";
   g_guardArmed = false;
   floor = topFloor;
   line = topLine;
   return rule;
  }

//--- closes the selected market order (OrderSelect done): at the latest price, refreshed before each try, as
//--- OrderClose wants; a requote or a moved price is tried again
bool GuardCloseOrder(const int ticket)
  {
   for(int attempt = 1; attempt <= GUARD_TRIES; attempt++)
     {
      if(!OrderSelect(ticket, SELECT_BY_TICKET) || OrderCloseTime() != 0)
         return true; // closed meanwhile
      RefreshRates();
      ResetLastError();
      if(OrderClose(ticket, OrderLots(), OrderClosePrice(), InpGuardSlippagePoints < 0 ? 0 : InpGuardSlippagePoints))
         return true;
      Log("guard: closing order " + IntegerToString(ticket) + " (" + OrderSymbol() + ") failed, attempt " + IntegerToString(attempt) +
          ": error " + IntegerToString(GetLastError()));
     }
   return false;
  }

bool GuardDeleteOrder(const int ticket)
  {
   for(int attempt = 1; attempt <= GUARD_TRIES; attempt++)
     {
      ResetLastError();
      if(OrderDelete(ticket))
         return true;
      Log("guard: deleting order " + IntegerToString(ticket) + " failed, attempt " + IntegerToString(attempt) + ": error " +
          IntegerToString(GetLastError()));
     }
   return false;
  }

//--- a MetaTrader push notification (at most 255 characters) when the terminal may send them (Tools > Options >
//--- Notifications); a refused one is logged. The guard and the threshold alerts both notify through it.
void Push(const string text)
  {
   if(TerminalInfoInteger(TERMINAL_NOTIFICATIONS_ENABLED) == 0)
      return;
   ResetLastError();
   if(!SendNotification(StringSubstr(text, 0, 255)))
      Log("push notification not sent (error " + IntegerToString(GetLastError()) + ")");
  }

//--- closes every market order of the account and deletes every pending one (not only this chart's or this EA's: the
//--- floors are the account's); says what it did. The tickets are gathered first: closing changes the positions
void GuardCloseAll(const string why)
  {
   int tickets[];
   bool market[];
   int total = OrdersTotal();
   ArrayResize(tickets, 0);
   ArrayResize(market, 0);
   for(int i = 0; i < total; i++)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES))
         continue;
      int n = ArraySize(tickets);
      ArrayResize(tickets, n + 1);
      ArrayResize(market, n + 1);
      tickets[n] = OrderTicket();
      market[n] = OrderType() == OP_BUY || OrderType() == OP_SELL;
     }
   int closed = 0, failed = 0, deleted = 0, kept = 0;
   for(int i = 0; i < ArraySize(tickets); i++)
     {
      if(market[i])
        {
         if(GuardCloseOrder(tickets[i]))
            closed++;
         else
            failed++;
        }
      else
        {
         if(GuardDeleteOrder(tickets[i]))
            deleted++;
         else
            kept++;
        }
     }
   string done = "guard: " + why + ": " + IntegerToString(closed) + " positions closed, " + IntegerToString(deleted) + " pending orders deleted" +
                 (failed + kept > 0 ? "; NOT closed: " + IntegerToString(failed) + " positions, " + IntegerToString(kept) + " orders (see the journal)" : "");
   Log(done);
   Alert("PropfolioTracker ", done);
   Push("Propfolio " + g_login + ": " + done);
  }

//--- every second when enabled: the guard's decision on the equity now, and its action
void Guard(const datetime now)
  {
   double equity = AccountInfoDouble(ACCOUNT_EQUITY);
   double floor = 0, line = 0;
   string rule = GuardStep(InpGuardEnabled, InpGuardBufferAmount, equity, now, floor, line);
   if(rule == "")
      return;
   GuardCloseAll("equity " + FormatAmount(equity) + " is at or below the " + (rule == "daily_loss" ? "daily loss floor " : "maximum loss floor ") +
                 FormatAmount(floor) + " + buffer " + FormatAmount(MathMax(0, InpGuardBufferAmount)) + " = " + FormatAmount(line));
  }

//+------------------------------------------------------------------+
//| The terminal's own alerts at the alert thresholds                |
//+------------------------------------------------------------------+
//--- "[50,25,10]" to its numbers; an empty or unreadable list to none
void ReadThresholds(const string list, int &thresholds[])
  {
   ArrayResize(thresholds, 0);
   string text = Trim(list);
   if(StringLen(text) < 2 || StringGetCharacter(text, 0) != '[')
      return;
   text = Trim(StringSubstr(text, 1, StringLen(text) - 2));
   if(text == "")
      return;
   string items[];
   int n = StringSplit(text, ',', items);
   ArrayResize(thresholds, n);
   for(int i = 0; i < n; i++)
      thresholds[i] = (int)StringToInteger(Trim(items[i]));
  }

//--- percentLeft of apps/tracker/src/threshold-alerts.ts: percent of the allowance left, rounded half away from zero to
//--- 2 decimals as the service rounds leftPercent; false without a floor or a positive limit
bool PercentLeft(const double equity, const bool hasFloor, const double floor, const double limit, double &percent)
  {
   if(!hasFloor || limit <= 0)
      return false;
   double hundredths = (equity - floor) / limit * 10000;
   percent = (hundredths < 0 ? -MathRound(-hundredths) : MathRound(hundredths)) / 100;
   // A hair below the floor rounds to -0, which would read "-0.00%".
   if(percent == 0)
      percent = 0;
   return true;
  }

//--- deepestNewlyCrossed: the deepest threshold at or above percent that is deeper than the one raised (-1: none
//--- raised yet); -1 for none
int DeepestNewlyCrossed(const double percent, const int &thresholds[], const int raised)
  {
   int deepest = -1;
   for(int i = 0; i < ArraySize(thresholds); i++)
      if(percent <= thresholds[i] && (deepest < 0 || thresholds[i] < deepest))
         deepest = thresholds[i];
   if(deepest < 0 || (raised >= 0 && deepest >= raised))
      return -1;
   return deepest;
  }

//--- "2026-03-30 22:00 UTC", as the service's alert messages name the end of the firm day
string UtcMinute(const datetime t)
  {
   string s = TimeToString(t, TIME_DATE | TIME_MINUTES); // 2026.03.30 22:00
   StringReplace(s, ".", "-");
   return s + " UTC";
  }

//--- thresholdAlertText: the alert's one line; the daily rule says when its firm day ends
string ThresholdAlertText(const string rule, const int threshold, const double percent, const double amountLeft, const double floor,
                          const datetime dayEnds)
  {
   string what = rule == "daily_loss" ? "daily loss" : "maximum loss";
   string text = "Propfolio " + g_login + ": " + what + " " + IntegerToString(threshold) + "% or less left: " + FormatAmount(amountLeft) + " " + g_currency;
   text += " (" + DoubleToString(percent, 2) + "%) left to the floor " + FormatAmount(floor);
   if(rule == "daily_loss" && dayEnds != 0)
      text += "; the firm day ends " + UtcMinute(dayEnds);
   return text;
  }

void AddMessage(string &messages[], const string text)
  {
   int n = ArraySize(messages);
   ArrayResize(messages, n + 1);
   messages[n] = text;
  }

//--- one look at equity: thresholdAlertsStep of apps/tracker/src/threshold-alerts.ts, same rules, state and
//--- transitions. Puts the alerts to raise now (at most one per rule) in messages and returns how many. Off, or
//--- without levels, it raises nothing and keeps the state; a new firm day (g_guardDayEnds moved) starts over; the
//--- daily floor counts only before its firm day's end, as for the guard
int ThresholdAlertsStep(const bool enabled, const double equity, const datetime nowUtc, string &messages[])
  {
   ArrayResize(messages, 0);
   if(!enabled || !g_guardHasLevels)
      return 0;
   datetime dayEnds = g_guardDayEnds;
   if(dayEnds != g_alertDayEnds)
     {
      g_alertDayEnds = dayEnds;
      g_alertDailyRaised = -1;
      g_alertMaxRaised = -1;
     }
   bool dailyCurrent = dayEnds != 0 && nowUtc < dayEnds;
   double percent = 0;
   if(dailyCurrent && g_guardHasDaily && PercentLeft(equity, g_guardHasDaily, g_guardDailyFloor, g_guardDailyLimit, percent))
     {
      int t = DeepestNewlyCrossed(percent, g_alertDailyThresholds, g_alertDailyRaised);
      if(t >= 0)
        {
         g_alertDailyRaised = t;
         AddMessage(messages, ThresholdAlertText("daily_loss", t, percent, equity - g_guardDailyFloor, g_guardDailyFloor, dayEnds));
        }
     }
   if(g_guardHasMax && PercentLeft(equity, g_guardHasMax, g_guardMaxFloor, g_guardMaxLimit, percent))
     {
      int t = DeepestNewlyCrossed(percent, g_alertMaxThresholds, g_alertMaxRaised);
      if(t >= 0)
        {
         g_alertMaxRaised = t;
         AddMessage(messages, ThresholdAlertText("max_loss", t, percent, equity - g_guardMaxFloor, g_guardMaxFloor, dayEnds));
        }
     }
   return ArraySize(messages);
  }

//--- every second: the alerts to raise now, as a terminal alert, a journal line and, when the terminal may send them
//--- (Tools > Options > Notifications), a push notification (at most 255 characters). InpTerminalAlerts, on by
//--- default: they only notify. The service's alert channels are independent of these: both may say the same crossing
void ThresholdAlerts(const datetime now)
  {
   string messages[];
   int n = ThresholdAlertsStep(InpTerminalAlerts, AccountInfoDouble(ACCOUNT_EQUITY), now, messages);
   for(int i = 0; i < n; i++)
     {
      Log("alert: " + messages[i]);
      Alert(messages[i]);
      Push(messages[i]);
     }
  }

//--- the chart's lines: equity, each floor in force and the amount left to it, the next reset. The reset is shown in
//--- the trade server's clock (TimeCurrent, UTC + g_serverOffset): it is the clock of the terminal's charts and
//--- Market Watch, which the firm's day is usually stated in; the PC's clock (TimeLocal) depends on where it runs
string GuardStatus(const double equity, const datetime nowUtc)
  {
   if(!g_guardHasLevels)
      return g_guardNote == "" ? "" : "\nguard levels: " + g_guardNote;
   // A crossed floor comes first: the levels below it are no longer room to trade in.
   // A window open now comes next: a trade opened in it is what the firm restricts.
   string text = (g_guardBreach == "" ? "" : "\n" + g_guardBreach) + NewsStatus(nowUtc) + "\nequity " + FormatAmount(equity) + " " + g_currency;
   if(g_guardHasDaily && g_guardDayEnds != 0 && nowUtc < g_guardDayEnds)
      text += " | daily floor " + FormatAmount(g_guardDailyFloor) + " (left " + FormatAmount(equity - g_guardDailyFloor) + ")";
   if(g_guardHasMax)
      text += " | max loss floor " + FormatAmount(g_guardMaxFloor) + " (left " + FormatAmount(equity - g_guardMaxFloor) + ")";
   if(g_guardDayEnds != 0)
     {
      int offset = g_serverOffset < 0 ? -g_serverOffset : g_serverOffset;
      text += "\nnext reset " + TimeToString(g_guardDayEnds + g_serverOffset, TIME_DATE | TIME_MINUTES) + " server time (UTC" +
              (g_serverOffset < 0 ? "-" : "+") + IntegerToString(offset / 3600) + ":" + IntegerToString((offset % 3600) / 60, 2, '0') + ")";
     }
   text += "\nguard " + (InpGuardEnabled ? (g_guardArmed ? "ON, buffer " + FormatAmount(MathMax(0, InpGuardBufferAmount)) : "ON, acted: waits for equity to recover") : "off") +
           " | alerts " + (InpTerminalAlerts ? "on" : "off");
   return text;
  }

//+------------------------------------------------------------------+
//| Finding the account, sending the queue                           |
//+------------------------------------------------------------------+
void UseAccount(const string answer)
  {
   g_registerNext = false;
   Succeeded();
   string id = JsonText(answer, "id");
   if(JsonText(answer, "archived") == "true")
     {
      Stop("account " + g_login + " on " + g_server + " is archived in Propfolio and takes no more data; register the new trading account instead");
      return;
     }
   if(id == "")
     {
      Failed("the account answer has no id: " + StringSubstr(answer, 0, 200), 0);
      return;
     }
   g_accountId = id;
   Log("tracking account " + g_login + " on " + g_server + " (id " + id + "); " + IntegerToString(QueueSize()) + " items queued");
  }

void FailedSetup(const int status, const string answer, const int retryAfter)
  {
   if(IsRetryable(status))
      Failed(Describe(status, answer), retryAfter);
   else
      Stop(Describe(status, answer) + KeyHint(status));
  }

void FindAccount()
  {
   string answer;
   int retryAfter;
   if(!g_registerNext)
     {
      int status = Http("GET", "/api/v1/accounts/lookup?login=" + UrlEncode(g_login) + "&server=" + UrlEncode(g_server), "", answer, retryAfter);
      if(status == 200)
        {
         UseAccount(answer);
         return;
        }
      if(status == 404)
        {
         Log("account " + g_login + " on " + g_server + " is not registered yet: registering it");
         g_registerNext = true;
         Succeeded();
         return;
        }
      FailedSetup(status, answer, retryAfter);
      return;
     }
   double initialBalance = InpInitialBalance > 0 ? InpInitialBalance : AccountInfoDouble(ACCOUNT_BALANCE);
   int status = Http("POST", "/api/v1/accounts", RegisterBody(initialBalance), answer, retryAfter);
   if(status == 201 || status == 200)
     {
      Log("registered account " + g_login + " on " + g_server + " (" + g_currency + ", initial balance " + FormatAmount(initialBalance) + ")");
      UseAccount(answer);
      return;
     }
   if(status == 409)
     {
      g_registerNext = false; // registered meanwhile: find it again
      Succeeded();
      return;
     }
   FailedSetup(status, answer, retryAfter);
  }

//--- at most one request: find or register the account, else send the queue's head
void Step(const datetime now)
  {
   if(g_stopped || now < g_nextAttempt)
      return;
   if(g_accountId == "")
     {
      FindAccount();
      return;
     }
   ReportEndedDay(now);
   if(now >= g_nextGuardRead)
     {
      ReadGuard(now);
      return;
     }
   if(QueueSize() == 0)
      return;
   QueueItem item = g_queue[g_head];
   string path = "/api/v1/accounts/" + UrlEncode(g_accountId) + (item.isPositions ? "/positions" : item.isReport ? "/reports" : "/snapshots");
   string body = item.isPositions ? PositionsBody(item) : item.isReport ? ReportBody(item) : SnapshotBody(item);
   string answer;
   int retryAfter;
   int status = Http("POST", path, body, answer, retryAfter);
   string what = ItemLabel(item);
   if(status >= 200 && status < 300)
     {
      Succeeded();
      Ack(item.seq);
      if(item.isPositions)
        {
         long accepted = StringToInteger(JsonText(answer, "accepted"));
         long unchanged = StringToInteger(JsonText(answer, "unchanged"));
         g_sentPositions += (int)(accepted + unchanged);
         Log(what + ": " + IntegerToString(accepted) + " accepted, " + IntegerToString(unchanged) + " unchanged");
        }
      else
         if(item.isReport)
           {
            g_sentReports++;
            Log(what + ": " + JsonText(answer, "outcome"));
           }
         else
            OnSnapshotAnswer(item, answer);
      return;
     }
   if(IsRetryable(status))
     {
      Failed(what + ": " + Describe(status, answer), retryAfter);
      return;
     }
   string code = JsonText(answer, "code");
   if(status == 409 && code == "account_archived")
     {
      Stop(Describe(status, answer) + ": the account is archived; register the new trading account instead");
      return;
     }
   if(status == 401 || status == 403)
     {
      Stop(Describe(status, answer) + KeyHint(status));
      return;
     }
   if(status == 404)
     {
      Log(what + ": " + Describe(status, answer) + ": the account is no longer there; looking it up again");
      g_accountId = "";
      return;
     }
   Log(what + " refused and dropped: " + Describe(status, answer));
   Ack(item.seq);
  }

//+------------------------------------------------------------------+
//| Event handlers                                                   |
//+------------------------------------------------------------------+
string FileSafe(const string text)
  {
   string out = "";
   int n = StringLen(text);
   for(int i = 0; i < n; i++)
     {
      ushort c = StringGetCharacter(text, i);
      bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
      out += keep ? ShortToString(c) : "_";
     }
   return out;
  }

int OnInit()
  {
   if(MQLInfoInteger(MQL_TESTER))
     {
      Log("WebRequest does not work in the Strategy Tester: attach the tracker to a live chart instead.");
      return INIT_FAILED;
     }
   g_baseUrl = InpServiceUrl;
   g_baseUrl = Trim(g_baseUrl);
   while(StringLen(g_baseUrl) > 0 && StringGetCharacter(g_baseUrl, StringLen(g_baseUrl) - 1) == '/')
      g_baseUrl = StringSubstr(g_baseUrl, 0, StringLen(g_baseUrl) - 1);
   if(StringFind(g_baseUrl, "https://") != 0 && StringFind(g_baseUrl, "http://") != 0)
     {
      Log("InpServiceUrl must be the service's address, like https://propfolio.example.com (got \"" + InpServiceUrl + "\")");
      return INIT_PARAMETERS_INCORRECT;
     }
   if(InpApiKey == "")
     {
      Log("InpApiKey is empty: issue a tracker key in the dashboard (P&L page, EA integration) and paste it into the inputs.");
      return INIT_PARAMETERS_INCORRECT;
     }
   if(StringFind(InpApiKey, "eakey_") != 0)
      Log("InpApiKey does not start with eakey_: is it a Propfolio API key?");
   if(InpIntervalSeconds < 1)
     {
      Log("InpIntervalSeconds must be at least 1");
      return INIT_PARAMETERS_INCORRECT;
     }
   g_login = IntegerToString(AccountInfoInteger(ACCOUNT_LOGIN));
   g_server = AccountInfoString(ACCOUNT_SERVER);
   g_currency = AccountInfoString(ACCOUNT_CURRENCY);
   if(AccountInfoInteger(ACCOUNT_LOGIN) == 0 || g_server == "")
     {
      Log("no trading account is logged in: log in, then attach the tracker again.");
      return INIT_FAILED;
     }
   FolderCreate(FILE_FOLDER, FILE_COMMON);
   g_files = FILE_FOLDER + "\\" + FileSafe(g_login) + "_" + FileSafe(g_server);
   LoadState();
   LoadQueue();
   g_watchSince = TimeCurrent();
   if(!g_hasLastClose)
      StartClosesHere();
   MathSrand((uint)GetTickCount());
   g_nextSample = 0;
   if(!EventSetTimer(1))
     {
      Log("EventSetTimer failed (error " + IntegerToString(GetLastError()) + ")");
      return INIT_FAILED;
     }
   Log("version " + TRACKER_VERSION + ": account " + g_login + " on " + g_server + " (" + g_currency + ") -> " + g_baseUrl +
       "; reading figures every " + IntegerToString(InpIntervalSeconds) + " s; " + IntegerToString(QueueSize()) +
       " items queued in Common\\Files\\" + g_files + ".queue");
   ShowStatus();
   return INIT_SUCCEEDED;
  }

void OnDeinit(const int reason)
  {
   EventKillTimer();
   if(g_files != "")
      SaveState(); // the open orders' samples, for the next start
   Comment("");
  }

//--- every second: sample the open orders, read the figures and look for closed orders when the interval has passed
//--- (or the number of orders changed), then make at most one request
void OnTimer()
  {
   if(g_stopped)
      return;
   datetime now = TimeGMT();
   SampleExcursions();
   Guard(now); // every second: equity moves faster than the interval
   NoteNewsWindows(now);
   ThresholdAlerts(now);
   if(now >= g_nextSample)
     {
      Observe(now);
      ScanClosedPositions(true);
      g_nextSample = now + InpIntervalSeconds;
     }
   else
      if(g_scanCloses)
         ScanClosedPositions(false);
   Step(now);
   ShowStatus();
  }

datetime g_lastOffsetCheck = 0;

void OnTick()
  {
   // The tracker works on its timer; a tick only gives the exact server time for the server's offset from UTC.
   if(TimeGMT() - g_lastOffsetCheck >= 60)
     {
      g_lastOffsetCheck = TimeGMT();
      UpdateServerOffset();
     }
  }
//+------------------------------------------------------------------+
