// Our own declaration of the cTrader Automate API members the cBot uses (apps/tracker/ctrader/PropfolioTracker.cs),
// with the names, types, namespaces and signatures of cTrader's reference (help.ctrader.com/ctrader-algo/references).
// cTrader's own cAlgo.API.dll is not redistributable and runs on .NET 6 on Windows, so Mono's C# compiler checks the
// cBot against this file instead: an unknown member, a wrong argument or a wrong type fails the check. Only what the
// cBot uses is declared; a new call to the API needs its member added here, copied from the reference.
// Bodies throw: this assembly is compiled, never run as the platform.
using System;
using System.Collections;
using System.Collections.Generic;

namespace cAlgo.API
{
    public enum AccessRights
    {
        None,
        FileSystem,
        Internet,
        Registry,
        FullAccess,
    }

    /// <summary>The names of the time zones a cBot may declare (strings, as in the reference).</summary>
    public static class TimeZones
    {
        public const string UTC = "UTC";
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class RobotAttribute : Attribute
    {
        public RobotAttribute() { }
        public RobotAttribute(string name) { Name = name; }
        public string Name { get; set; }
        public string TimeZone { get; set; }
        public AccessRights AccessRights { get; set; }
        public bool AddIndicators { get; set; }
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class ParameterAttribute : Attribute
    {
        public ParameterAttribute() { }
        public ParameterAttribute(string name) { Name = name; }
        public string Name { get; set; }
        public object DefaultValue { get; set; }
        public double MinValue { get; set; }
        public double MaxValue { get; set; }
        public double Step { get; set; }
        public string Group { get; set; }
    }

    public enum TradeType
    {
        Buy,
        Sell,
    }

    public enum PositionCloseReason
    {
        Closed,
        StopLoss,
        TakeProfit,
        StopOut,
    }

    public interface Position
    {
        int Id { get; }
        string SymbolName { get; }
        TradeType TradeType { get; }
        double VolumeInUnits { get; }
        double Quantity { get; }
        DateTime EntryTime { get; }
        double EntryPrice { get; }
        double? StopLoss { get; }
        double? TakeProfit { get; }
        double GrossProfit { get; }
        double NetProfit { get; }
        double Swap { get; }
        double Commissions { get; }
        string Label { get; }
        string Comment { get; }
    }

    public class PositionClosedEventArgs
    {
        public Position Position { get { throw new NotImplementedException(); } }
        public PositionCloseReason Reason { get { throw new NotImplementedException(); } }
    }

    public class PositionOpenedEventArgs
    {
        public Position Position { get { throw new NotImplementedException(); } }
    }

    public interface Positions : IEnumerable<Position>
    {
        Position this[int index] { get; }
        int Count { get; }
        event Action<PositionClosedEventArgs> Closed;
        event Action<PositionOpenedEventArgs> Opened;
        Position Find(string label);
        Position[] FindAll(string label);
    }

    public interface HistoricalTrade
    {
        int ClosingDealId { get; }
        int PositionId { get; }
        string SymbolName { get; }
        TradeType TradeType { get; }
        double VolumeInUnits { get; }
        double Quantity { get; }
        DateTime EntryTime { get; }
        double EntryPrice { get; }
        DateTime ClosingTime { get; }
        double ClosingPrice { get; }
        double GrossProfit { get; }
        double NetProfit { get; }
        double Swap { get; }
        double Commissions { get; }
        double Balance { get; }
        string Label { get; }
        string Comment { get; }
    }

    public interface History : IEnumerable<HistoricalTrade>
    {
        HistoricalTrade this[int index] { get; }
        int Count { get; }
        HistoricalTrade[] FindByPositionId(int positionId);
        HistoricalTrade FindLast(string label);
    }

    public interface Timer
    {
        TimeSpan Interval { get; }
        void Start(TimeSpan interval);
        void Start(double intervalInSeconds);
        void Stop();
        event Action TimerTick;
    }

    public enum HttpMethod
    {
        Get,
        Post,
        Put,
        Delete,
        Patch,
        Head,
        Options,
        Trace,
        Connect,
    }

    public sealed class HttpRequestHeaders : IEnumerable<KeyValuePair<string, string>>
    {
        public void Add(string name, string value) { throw new NotImplementedException(); }
        public void Update(string name, string value) { throw new NotImplementedException(); }
        public bool Remove(string name) { throw new NotImplementedException(); }
        public string GetValue(string name) { throw new NotImplementedException(); }
        public IEnumerator<KeyValuePair<string, string>> GetEnumerator() { throw new NotImplementedException(); }
        IEnumerator IEnumerable.GetEnumerator() { throw new NotImplementedException(); }
    }

    public sealed class HttpResponseHeaders : IEnumerable<KeyValuePair<string, string>>
    {
        public string GetValue(string name) { throw new NotImplementedException(); }
        public IEnumerator<KeyValuePair<string, string>> GetEnumerator() { throw new NotImplementedException(); }
        IEnumerator IEnumerable.GetEnumerator() { throw new NotImplementedException(); }
    }

    public sealed class HttpRequest
    {
        public HttpRequest(Uri uri) { Uri = uri; }
        public Uri Uri { get; private set; }
        public string Body { get; set; }
        public HttpRequestHeaders Headers { get { throw new NotImplementedException(); } }
        public TimeSpan Timeout { get; set; }
        public HttpMethod Method { get; set; }
    }

    public sealed class HttpException : Exception
    {
    }

    public sealed class HttpResponse
    {
        public string Body { get { throw new NotImplementedException(); } }
        public HttpException Exception { get { throw new NotImplementedException(); } }
        public HttpResponseHeaders Headers { get { throw new NotImplementedException(); } }
        public bool IsSuccessful { get { throw new NotImplementedException(); } }
        public int StatusCode { get { throw new NotImplementedException(); } }
    }

    public interface Http
    {
        HttpResponse Get(string uri);
        HttpResponse Get(Uri uri);
        HttpResponse Post(string uri, string body);
        HttpResponse Post(Uri uri, string body);
        HttpResponse Send(HttpRequest request);
        void SendAsync(HttpRequest request, Action<HttpResponse> callback);
    }

    public enum PopupNotificationState
    {
        InProgress,
        Success,
        Error,
        Partial,
        Information,
    }

    public interface PopupNotification
    {
        PopupNotificationState State { get; }
        void Complete(PopupNotificationState finalState);
    }

    public enum VerticalAlignment
    {
        Center,
        Top,
        Bottom,
        Stretch,
    }

    public enum HorizontalAlignment
    {
        Center,
        Left,
        Right,
        Stretch,
    }

    public sealed class Color
    {
        Color() { }
        public static Color White { get { throw new NotImplementedException(); } }
        public static Color Red { get { throw new NotImplementedException(); } }
        public static Color Gold { get { throw new NotImplementedException(); } }
    }

    public interface ChartStaticText
    {
        string Text { get; set; }
    }

    public interface Chart
    {
        ChartStaticText DrawStaticText(string name, string text, VerticalAlignment verticalAlignment, HorizontalAlignment horizontalAlignment, Color color);
    }

    public abstract class Robot : Internals.Algo
    {
        protected virtual void OnStart() { }
        protected virtual void OnTick() { }
        protected virtual void OnBar() { }
        protected virtual void OnTimer() { }
        protected virtual void OnStop() { }
        protected virtual void OnError(Error error) { }
        public Internals.IAccount Account { get { throw new NotImplementedException(); } }
        public void Stop() { throw new NotImplementedException(); }
    }

    public class Error
    {
    }
}

namespace cAlgo.API.Internals
{
    public interface Asset
    {
        string Name { get; }
        int Digits { get; }
    }

    public interface IAccount
    {
        double Balance { get; }
        double Equity { get; }
        double Margin { get; }
        double FreeMargin { get; }
        double? MarginLevel { get; }
        int Number { get; }
        string BrokerName { get; }
        bool IsLive { get; }
        Asset Asset { get; }
    }

    public interface IServer
    {
        DateTime Time { get; }
        DateTime TimeInUtc { get; }
        bool IsConnected { get; }
    }

    public interface Symbol
    {
        string Name { get; }
        double Bid { get; }
        double Ask { get; }
        double TickSize { get; }
        double TickValue { get; }
        double PipSize { get; }
        double PipValue { get; }
        int Digits { get; }
    }

    public interface Symbols : IEnumerable<string>
    {
        int Count { get; }
        Symbol GetSymbol(string symbolName);
        bool Exists(string symbolName);
    }

    public interface INotifications
    {
        void PlaySound(string filename);
        void SendEmail(string from, string to, string subject, string text);
        cAlgo.API.PopupNotification ShowPopup(string caption, string message, cAlgo.API.PopupNotificationState initialState);
    }

    /// <summary>What cBots, indicators and plugins share (cAlgo.API.Internals.Algo in the reference).</summary>
    public abstract class Algo
    {
        public IServer Server { get { throw new NotImplementedException(); } }
        public DateTime Time { get { throw new NotImplementedException(); } }
        public DateTime TimeInUtc { get { throw new NotImplementedException(); } }
        public cAlgo.API.Timer Timer { get { throw new NotImplementedException(); } }
        public cAlgo.API.Http Http { get { throw new NotImplementedException(); } }
        public cAlgo.API.Chart Chart { get { throw new NotImplementedException(); } }
        public Symbol Symbol { get { throw new NotImplementedException(); } }
        public string SymbolName { get { throw new NotImplementedException(); } }
        public Symbols Symbols { get { throw new NotImplementedException(); } }
        public INotifications Notifications { get { throw new NotImplementedException(); } }
        public cAlgo.API.Positions Positions { get { throw new NotImplementedException(); } }
        public cAlgo.API.History History { get { throw new NotImplementedException(); } }
        public bool IsBacktesting { get { throw new NotImplementedException(); } }
        public void Print(string message) { throw new NotImplementedException(); }
        public void Print(string message, params object[] parameters) { throw new NotImplementedException(); }
    }
}
