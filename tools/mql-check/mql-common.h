// The MQL4/MQL5 language and built-ins that both Propfolio EAs use, declared as C++17 so that clang can parse and
// type-check them (tools/mql-check/README.md). No MQL compiler runs on Linux; this catches what a compiler catches
// first: an unknown function or constant, a wrong argument count, an argument of the wrong type, a non-variable
// passed where MQL wants a reference, a function that does not return on every path.
//
// Signatures are the MQL reference's (https://www.mql5.com/en/docs, https://docs.mql4.com), each group citing its
// page. Only what the EAs call is declared: a new call must be added here, from the reference, before the check
// passes, which is the point. Parameters MQL declares as `const string` by value are `const string &` here: the
// same calls are accepted. This header is compiled, never run: nothing is defined.
#pragma once
// MQL_RUNTIME (mql-runtime.h) gives the string and the arrays their storage, so that the EAs' own protocol code can
// also be run (apps/tracker/test/mql-bytes.spec.ts). The check itself includes no standard header: a call to a C or
// C++ library function is an unknown function, as in MQL.
#ifdef MQL_RUNTIME
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <string>
// stdio's macros of the same names as MQL's ENUM_FILE_POSITION members.
#undef SEEK_SET
#undef SEEK_CUR
#undef SEEK_END
#endif

// --- Types (https://www.mql5.com/en/docs/basis/types/integer): long is 64-bit in MQL, as on LP64 Linux.
static_assert(sizeof(long) == 8, "MQL's long and ulong are 64-bit: run the check on a 64-bit Linux (LP64)");
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
// datetime is seconds since 1970 (https://www.mql5.com/en/docs/basis/types/integer/datetime): it mixes freely with
// integers in arithmetic and comparisons, as a typedef does.
typedef long datetime;

// input and sinput variables are read-only in the program (https://www.mql5.com/en/docs/basis/variables/inputvariables).
#define input const
#define sinput const

// --- string (https://www.mql5.com/en/docs/basis/types/stringconst): a value type with +, += and comparisons.
// Every string literal of the EA becomes a `string` (the preprocessing appends the _s suffix), so "a" + "b" is
// string concatenation as in MQL. There is deliberately no conversion between string and numbers: MQL only warns on
// one ("implicit conversion from 'number' to 'string'"), and the EAs always convert explicitly.
class string {
  struct literal_tag {};
  string(literal_tag, const char *text);
  friend string operator""_s(const char *text, decltype(sizeof 0) length);

public:
  string();
  string(const string &other);
  string &operator=(const string &other);
  string &operator+=(const string &other);
  friend string operator+(const string &a, const string &b);
  friend bool operator==(const string &a, const string &b);
  friend bool operator!=(const string &a, const string &b);
  friend bool operator<(const string &a, const string &b);
  friend bool operator>(const string &a, const string &b);
  friend bool operator<=(const string &a, const string &b);
  friend bool operator>=(const string &a, const string &b);
#ifdef MQL_RUNTIME
  std::u16string units; // MQL strings are UTF-16
#endif
};
string operator""_s(const char *text, decltype(sizeof 0) length);

// --- Dynamic arrays: `T name[]` becomes `MqlArray<T> name`, `T &name[]` a parameter `MqlArray<T> &name`.
// MQL passes arrays by reference only and has no array assignment (ArrayCopy copies), hence no copying here.
template <typename T> class MqlArray {
public:
  MqlArray();
  MqlArray(const MqlArray &) = delete;
  MqlArray &operator=(const MqlArray &) = delete;
  T &operator[](int index);
  const T &operator[](int index) const;
#ifdef MQL_RUNTIME
  std::deque<T> items; // a deque: std::vector<bool> has no bool & to hand out
#endif
};

// Only the types MQL can print or format (numbers, bool, enums, strings) may go to Print, Alert, Comment and
// StringFormat; a struct or an array is a compile error in MQL too.
template <typename T> struct mql_printable {
  static constexpr bool value = __is_arithmetic(T) || __is_enum(T);
};
template <> struct mql_printable<string> {
  static constexpr bool value = true;
};
template <typename... A> constexpr bool mql_all_printable() { return (true && ... && mql_printable<A>::value); }
// uchar and char arrays are interchangeable in the byte-array functions: the reference declares
// StringToCharArray(string, uchar &array[], …) and WebRequest(…, const char &data[], char &result[], …) and its own
// WebRequest example fills the char array with StringToCharArray (https://www.mql5.com/en/docs/network/webrequest).
template <typename T> struct mql_byte {
  static constexpr bool value = false;
};
template <> struct mql_byte<char> {
  static constexpr bool value = true;
};
template <> struct mql_byte<uchar> {
  static constexpr bool value = true;
};
template <bool Condition, typename T = void> struct mql_enable_if {};
template <typename T> struct mql_enable_if<true, T> {
  typedef T type;
};
#ifdef MQL_RUNTIME
template <typename... A> void mql_runtime_print(const A &...args);
template <typename... A> void mql_runtime_alert(const A &...args);
template <typename... A> string mql_runtime_format(const string &format, const A &...args);
#endif

// --- Constants (https://www.mql5.com/en/docs/constants)
const int WHOLE_ARRAY = -1;    // https://www.mql5.com/en/docs/constants/namedconstants/otherconstants
const int INVALID_HANDLE = -1; // same page
const uint CP_ACP = 0;         // https://www.mql5.com/en/docs/constants/io_constants/codepageusage
const uint CP_UTF8 = 65001;
const int TIME_DATE = 1; // https://www.mql5.com/en/docs/convert/timetostring
const int TIME_MINUTES = 2;
const int TIME_SECONDS = 4;
// File open flags (https://www.mql5.com/en/docs/constants/io_constants/fileflags; docs.mql4.com/constants/io_constants/fileflags)
const int FILE_READ = 1;
const int FILE_WRITE = 2;
const int FILE_BIN = 4;
const int FILE_SHARE_READ = 128;
const int FILE_REWRITE = 512;
const int FILE_COMMON = 4096;
enum ENUM_FILE_POSITION { SEEK_SET, SEEK_CUR, SEEK_END }; // https://www.mql5.com/en/docs/files/fileseek

// Event handlers' return codes and signatures (https://www.mql5.com/en/docs/basis/function/events): an EA that
// defines a handler with another signature conflicts with these declarations.
enum ENUM_INIT_RETCODE { INIT_SUCCEEDED, INIT_FAILED, INIT_PARAMETERS_INCORRECT };
int OnInit();
void OnDeinit(const int reason);
void OnTimer();
void OnTick();

// Enumerations list only the members the EAs use; their values do not matter to a type check and are left out.
// --- Account and program properties (https://www.mql5.com/en/docs/account/accountinfointeger and neighbours;
// https://www.mql5.com/en/docs/check/mqlinfointeger)
enum ENUM_ACCOUNT_INFO_INTEGER { ACCOUNT_LOGIN };
enum ENUM_ACCOUNT_INFO_DOUBLE { ACCOUNT_BALANCE, ACCOUNT_EQUITY };
enum ENUM_ACCOUNT_INFO_STRING { ACCOUNT_SERVER, ACCOUNT_CURRENCY };
long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER property_id);
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE property_id);
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING property_id);
enum ENUM_MQL_INFO_INTEGER { MQL_TESTER };
int MQLInfoInteger(ENUM_MQL_INFO_INTEGER property_id);
// https://www.mql5.com/en/docs/check/terminalinfointeger, https://docs.mql4.com/check/terminalinfointeger (MQL4 build 600+);
// the reference's parameter is an int taking ENUM_TERMINAL_INFO_INTEGER
// (https://www.mql5.com/en/docs/constants/environment_state/terminalstatus): the enumeration here, as for MQLInfoInteger.
enum ENUM_TERMINAL_INFO_INTEGER { TERMINAL_NOTIFICATIONS_ENABLED };
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property_id);

// --- Common functions (https://www.mql5.com/en/docs/common)
template <typename... A> void Print(const A &...args) {
  static_assert(mql_all_printable<A...>(), "Print takes numbers, bools, enums and strings only");
#ifdef MQL_RUNTIME
  mql_runtime_print(args...);
#endif
}
template <typename... A> void Alert(const A &...args) {
  static_assert(mql_all_printable<A...>(), "Alert takes numbers, bools, enums and strings only");
#ifdef MQL_RUNTIME
  mql_runtime_alert(args...);
#endif
}
template <typename... A> void Comment(const A &...args) {
  static_assert(mql_all_printable<A...>(), "Comment takes numbers, bools, enums and strings only");
}
int GetLastError();
void ResetLastError();
bool SendNotification(const string &text); // https://www.mql5.com/en/docs/network/sendnotification, docs.mql4.com/common/sendnotification
uint GetTickCount();
// https://www.mql5.com/en/docs/network/webrequest, https://docs.mql4.com/common/webrequest (the headers form)
int WebRequest(const string &method, const string &url, const string &headers, int timeout, const MqlArray<char> &data,
               MqlArray<char> &result, string &result_headers);
// https://www.mql5.com/en/docs/eventfunctions/eventsettimer, …/eventkilltimer
bool EventSetTimer(int seconds);
void EventKillTimer();

// --- Time (https://www.mql5.com/en/docs/dateandtime)
datetime TimeGMT();
datetime TimeCurrent();

// --- Conversion (https://www.mql5.com/en/docs/convert)
string IntegerToString(long number, int str_len = 0, ushort fill_symbol = ' ');
string DoubleToString(double value, int digits = 8);
double StringToDouble(const string &value);
long StringToInteger(const string &value);
datetime StringToTime(const string &value);
string TimeToString(datetime value, int mode = TIME_DATE | TIME_MINUTES);
string ShortToString(ushort symbol_code);
string CharToString(uchar char_code);
template <typename B, typename = typename mql_enable_if<mql_byte<B>::value>::type>
int StringToCharArray(const string &text_string, MqlArray<B> &array, int start = 0, int count = WHOLE_ARRAY, uint codepage = CP_ACP);
template <typename B, typename = typename mql_enable_if<mql_byte<B>::value>::type>
string CharArrayToString(const MqlArray<B> &array, int start = 0, int count = WHOLE_ARRAY, uint codepage = CP_ACP);
template <typename... A> string StringFormat(const string &format, const A &...args) {
  static_assert(mql_all_printable<A...>(), "StringFormat takes numbers, bools, enums and strings only");
#ifdef MQL_RUNTIME
  return mql_runtime_format(format, args...);
#else
  return string();
#endif
}

// --- Strings (https://www.mql5.com/en/docs/strings)
int StringLen(const string &string_value);
ushort StringGetCharacter(const string &string_value, int pos);
string StringSubstr(const string &string_value, int start_pos, int length = -1);
int StringFind(const string &string_value, const string &match_substring, int start_pos = 0);
int StringReplace(string &str, const string &find, const string &replacement);
int StringSplit(const string &string_value, const ushort separator, MqlArray<string> &result);
bool StringToLower(string &string_var);
int StringCompare(const string &string1, const string &string2, bool case_sensitive = true);

// --- Arrays (https://www.mql5.com/en/docs/array)
template <typename T> int ArrayResize(MqlArray<T> &array, int new_size, int reserve_size = 0);
template <typename T> int ArraySize(const MqlArray<T> &array);

// --- Math (https://www.mql5.com/en/docs/math)
double MathAbs(double value);
double MathMin(double value1, double value2);
double MathMax(double value1, double value2);
double MathRound(double value);
double MathPow(double base, double exponent);
int MathRand();
void MathSrand(int seed);

// --- Files (https://www.mql5.com/en/docs/files; MQL4 has the same functions since build 600)
int FileOpen(const string &file_name, int open_flags, short delimiter = '\t', uint codepage = CP_ACP);
void FileClose(int file_handle);
bool FileIsExist(const string &file_name, int common_flag = 0);
ulong FileSize(int file_handle);
bool FileSeek(int file_handle, long offset, ENUM_FILE_POSITION origin);
template <typename T> uint FileReadArray(int file_handle, MqlArray<T> &array, int start = 0, int count = WHOLE_ARRAY);
template <typename T> uint FileWriteArray(int file_handle, const MqlArray<T> &array, int start = 0, int count = WHOLE_ARRAY);
bool FileMove(const string &src_file_name, int common_flag, const string &dst_file_name, int mode_flags);
bool FolderCreate(const string &folder_name, int common_flag = 0);
