// MQL5's built-ins that apps/tracker/mql5/PropfolioTracker.mq5 uses beyond mql-common.h (see there).
#pragma once
#include "mql-common.h"

// https://www.mql5.com/en/docs/dateandtime/timetradeserver (MQL5 only)
datetime TimeTradeServer();

// --- Trade history (https://www.mql5.com/en/docs/trading/historyselect, …/historydealstotal, …/historydealgetticket,
// …/historydealgetinteger, …/historydealgetdouble; properties: https://www.mql5.com/en/docs/constants/tradingconstants/dealproperties)
enum ENUM_DEAL_PROPERTY_INTEGER { DEAL_TIME, DEAL_TYPE, DEAL_ENTRY, DEAL_MAGIC, DEAL_POSITION_ID };
enum ENUM_DEAL_PROPERTY_DOUBLE { DEAL_VOLUME, DEAL_PRICE, DEAL_PROFIT, DEAL_COMMISSION, DEAL_SWAP, DEAL_FEE, DEAL_SL, DEAL_TP };
enum ENUM_DEAL_PROPERTY_STRING { DEAL_SYMBOL, DEAL_COMMENT };
enum ENUM_DEAL_ENTRY { DEAL_ENTRY_IN, DEAL_ENTRY_OUT, DEAL_ENTRY_INOUT, DEAL_ENTRY_OUT_BY };
enum ENUM_DEAL_TYPE {
  DEAL_TYPE_BUY,
  DEAL_TYPE_SELL,
  DEAL_TYPE_CHARGE,
  DEAL_TYPE_COMMISSION,
  DEAL_TYPE_COMMISSION_DAILY,
  DEAL_TYPE_COMMISSION_MONTHLY,
  DEAL_TYPE_COMMISSION_AGENT_DAILY,
  DEAL_TYPE_COMMISSION_AGENT_MONTHLY
};
bool HistorySelect(datetime from_date, datetime to_date);
bool HistorySelectByPosition(long position_id); // https://www.mql5.com/en/docs/trading/historyselectbyposition
int HistoryDealsTotal();
ulong HistoryDealGetTicket(int index);
long HistoryDealGetInteger(ulong ticket_number, ENUM_DEAL_PROPERTY_INTEGER property_id);
bool HistoryDealGetInteger(ulong ticket_number, ENUM_DEAL_PROPERTY_INTEGER property_id, long &long_var);
double HistoryDealGetDouble(ulong ticket_number, ENUM_DEAL_PROPERTY_DOUBLE property_id);
bool HistoryDealGetDouble(ulong ticket_number, ENUM_DEAL_PROPERTY_DOUBLE property_id, double &double_var);
string HistoryDealGetString(ulong ticket_number, ENUM_DEAL_PROPERTY_STRING property_id);

// --- Open positions (https://www.mql5.com/en/docs/trading/positionstotal, …/positiongetticket, …/positionselectbyticket,
// …/positiongetinteger, …/positiongetdouble; properties: https://www.mql5.com/en/docs/constants/tradingconstants/positionproperties)
enum ENUM_POSITION_PROPERTY_INTEGER { POSITION_TIME, POSITION_IDENTIFIER, POSITION_TYPE };
enum ENUM_POSITION_PROPERTY_DOUBLE { POSITION_PROFIT, POSITION_VOLUME, POSITION_PRICE_OPEN, POSITION_SL, POSITION_SWAP };
enum ENUM_POSITION_PROPERTY_STRING { POSITION_SYMBOL };
enum ENUM_POSITION_TYPE { POSITION_TYPE_BUY, POSITION_TYPE_SELL };
int PositionsTotal();
ulong PositionGetTicket(int index);
bool PositionSelectByTicket(ulong ticket);
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER property_id);
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE property_id);
string PositionGetString(ENUM_POSITION_PROPERTY_STRING property_id); // https://www.mql5.com/en/docs/trading/positiongetstring

// --- The guard's trading (https://www.mql5.com/en/docs/trading/ordersend; structures:
// https://www.mql5.com/en/docs/constants/structures/mqltraderequest, …/mqltraderesult; constants:
// https://www.mql5.com/en/docs/constants/tradingconstants/enum_trade_request_actions, …/orderproperties,
// https://www.mql5.com/en/docs/constants/errorswarnings/enum_trade_return_codes; pending orders:
// https://www.mql5.com/en/docs/trading/orderstotal, …/ordergetticket; prices and filling:
// https://www.mql5.com/en/docs/marketinformation/symbolinfodouble, …/symbolinfointeger,
// https://www.mql5.com/en/docs/constants/environment_state/marketinfoconstants)
enum ENUM_TRADE_REQUEST_ACTIONS { TRADE_ACTION_DEAL, TRADE_ACTION_REMOVE };
enum ENUM_ORDER_TYPE { ORDER_TYPE_BUY, ORDER_TYPE_SELL };
enum ENUM_ORDER_TYPE_FILLING { ORDER_FILLING_FOK, ORDER_FILLING_IOC, ORDER_FILLING_RETURN };
enum ENUM_ORDER_TYPE_TIME { ORDER_TIME_GTC };
const uint TRADE_RETCODE_PLACED = 10008;
const uint TRADE_RETCODE_DONE = 10009;
int OrdersTotal();
ulong OrderGetTicket(int index);
enum ENUM_SYMBOL_INFO_DOUBLE { SYMBOL_BID, SYMBOL_ASK };
enum ENUM_SYMBOL_INFO_INTEGER { SYMBOL_FILLING_MODE };
double SymbolInfoDouble(const string &name, ENUM_SYMBOL_INFO_DOUBLE prop_id);
long SymbolInfoInteger(const string &name, ENUM_SYMBOL_INFO_INTEGER prop_id);

// --- The trade event (https://www.mql5.com/en/docs/event_handlers/ontradetransaction; structures:
// https://www.mql5.com/en/docs/constants/structures/mqltradetransaction, …/mqltraderequest, …/mqltraderesult). Only the
// members the EA reads are declared of the transaction; the request and the result in full, as the guard fills them.
enum ENUM_TRADE_TRANSACTION_TYPE { TRADE_TRANSACTION_DEAL_ADD };
struct MqlTradeTransaction {
  ulong deal;
  ENUM_TRADE_TRANSACTION_TYPE type;
};
struct MqlTradeRequest {
  ENUM_TRADE_REQUEST_ACTIONS action;
  ulong magic;
  ulong order;
  string symbol;
  double volume;
  double price;
  double stoplimit;
  double sl;
  double tp;
  ulong deviation;
  ENUM_ORDER_TYPE type;
  ENUM_ORDER_TYPE_FILLING type_filling;
  ENUM_ORDER_TYPE_TIME type_time;
  datetime expiration;
  string comment;
  ulong position;
  ulong position_by;
};
struct MqlTradeResult {
  uint retcode;
  ulong deal;
  ulong order;
  double volume;
  double price;
  double bid;
  double ask;
  string comment;
  uint request_id;
  int retcode_external;
};
bool OrderSend(MqlTradeRequest &request, MqlTradeResult &result);

// --- The loss at an open position's stop (https://www.mql5.com/en/docs/trading/ordercalcprofit): the profit of a deal
// of `action` (ORDER_TYPE_BUY or ORDER_TYPE_SELL) from price_open to price_close, in the account currency.
bool OrderCalcProfit(ENUM_ORDER_TYPE action, const string &symbol, double volume, double price_open, double price_close, double &profit);
void OnTradeTransaction(const MqlTradeTransaction &trans, const MqlTradeRequest &request, const MqlTradeResult &result);
