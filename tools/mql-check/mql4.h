// MQL4's built-ins that apps/tracker/mql4/PropfolioTracker.mq4 uses beyond mql-common.h (see there). MQL4 has no
// TimeTradeServer and no deal history: a call to either fails the check of the MQL4 EA.
#pragma once
#include "mql-common.h"

// --- Orders (https://docs.mql4.com/trading/orderselect, …/orderstotal, …/ordershistorytotal, …/orderticket,
// …/ordertype, …/ordersymbol, …/orderlots, …/orderopentime, …/orderclosetime, …/orderopenprice, …/ordercloseprice,
// …/orderstoploss, …/ordertakeprofit, …/orderprofit, …/ordercommission, …/orderswap, …/ordercomment, …/ordermagicnumber; constants: https://docs.mql4.com/constants/tradingconstants/orderproperties)
const int SELECT_BY_POS = 0;
const int SELECT_BY_TICKET = 1;
const int MODE_TRADES = 0;
const int MODE_HISTORY = 1;
const int OP_BUY = 0;
const int OP_SELL = 1;
bool OrderSelect(int index, int select, int pool = MODE_TRADES);
int OrdersTotal();
int OrdersHistoryTotal();
int OrderTicket();
int OrderType();
string OrderSymbol();
double OrderLots();
datetime OrderOpenTime();
datetime OrderCloseTime();
double OrderOpenPrice();
double OrderClosePrice();
double OrderStopLoss();
double OrderTakeProfit();
double OrderProfit();
double OrderCommission();
double OrderSwap();
string OrderComment();
int OrderMagicNumber();

// --- The guard's trading (https://docs.mql4.com/trading/orderclose, …/orderdelete, https://docs.mql4.com/series/refreshrates;
// colours: https://docs.mql4.com/basis/types/integer/color, clrNONE/CLR_NONE https://docs.mql4.com/constants/objectconstants/webcolors)
typedef uint color;
const color clrNONE = 0xFFFFFFFF; // -1 as MQL's color
bool OrderClose(int ticket, double lots, double price, int slippage, color arrow_color = clrNONE);
bool OrderDelete(int ticket, color arrow_color = clrNONE);
bool RefreshRates();

// --- The loss at an open order's stop (https://docs.mql4.com/marketinformation/marketinfo; identifiers:
// https://docs.mql4.com/constants/environment_state/marketinfoconstants)
const int MODE_TICKVALUE = 16;
const int MODE_TICKSIZE = 17;
double MarketInfo(const string &symbol, int type);
