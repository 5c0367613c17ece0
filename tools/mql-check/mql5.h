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
enum ENUM_POSITION_PROPERTY_INTEGER { POSITION_TIME, POSITION_IDENTIFIER };
enum ENUM_POSITION_PROPERTY_DOUBLE { POSITION_PROFIT };
int PositionsTotal();
ulong PositionGetTicket(int index);
bool PositionSelectByTicket(ulong ticket);
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER property_id);
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE property_id);

// --- The trade event (https://www.mql5.com/en/docs/event_handlers/ontradetransaction; structures:
// https://www.mql5.com/en/docs/constants/structures/mqltradetransaction, …/mqltraderequest, …/mqltraderesult). Only the
// members the EA reads are declared; the request and the result it does not read.
enum ENUM_TRADE_TRANSACTION_TYPE { TRADE_TRANSACTION_DEAL_ADD };
struct MqlTradeTransaction {
  ulong deal;
  ENUM_TRADE_TRANSACTION_TYPE type;
};
struct MqlTradeRequest {};
struct MqlTradeResult {};
void OnTradeTransaction(const MqlTradeTransaction &trans, const MqlTradeRequest &request, const MqlTradeResult &result);
