// MQL5's built-ins that apps/tracker/mql5/PropfolioTracker.mq5 uses beyond mql-common.h (see there).
#pragma once
#include "mql-common.h"

// https://www.mql5.com/en/docs/dateandtime/timetradeserver (MQL5 only)
datetime TimeTradeServer();

// --- Trade history (https://www.mql5.com/en/docs/trading/historyselect, …/historydealstotal, …/historydealgetticket,
// …/historydealgetinteger, …/historydealgetdouble; properties: https://www.mql5.com/en/docs/constants/tradingconstants/dealproperties)
enum ENUM_DEAL_PROPERTY_INTEGER { DEAL_TIME, DEAL_TYPE };
enum ENUM_DEAL_PROPERTY_DOUBLE { DEAL_PROFIT, DEAL_COMMISSION, DEAL_SWAP, DEAL_FEE };
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
int HistoryDealsTotal();
ulong HistoryDealGetTicket(int index);
long HistoryDealGetInteger(ulong ticket_number, ENUM_DEAL_PROPERTY_INTEGER property_id);
bool HistoryDealGetInteger(ulong ticket_number, ENUM_DEAL_PROPERTY_INTEGER property_id, long &long_var);
double HistoryDealGetDouble(ulong ticket_number, ENUM_DEAL_PROPERTY_DOUBLE property_id);
bool HistoryDealGetDouble(ulong ticket_number, ENUM_DEAL_PROPERTY_DOUBLE property_id, double &double_var);
