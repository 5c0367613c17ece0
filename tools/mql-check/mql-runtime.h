// A small run-time for the MQL that the EAs' protocol code uses (strings, number and time formatting, dynamic arrays),
// so that this code, the EA's own, runs on Linux and its bytes can be compared with the reference tracker's
// (apps/tracker/test/mql-bytes.spec.ts). Compiled with -DMQL_RUNTIME after the dialect header. Built-ins that touch
// the terminal (WebRequest, files, history …) are left undefined: nothing that calls them is run.
//
// Semantics follow the MQL reference: strings are UTF-16; StringToCharArray copies the terminating NUL and counts it
// (https://www.mql5.com/en/docs/convert/stringtochararray); TimeToString writes "yyyy.mm.dd hh:mi[:ss]"
// (https://www.mql5.com/en/docs/convert/timetostring); MathRound rounds half away from zero
// (https://www.mql5.com/en/docs/math/mathround); DoubleToString writes fixed decimals.
#pragma once
// (The standard headers it uses come with mql-common.h under MQL_RUNTIME.)

inline std::u16string mql_runtime_from_utf8(const std::string &bytes) {
  std::u16string out;
  for (size_t i = 0; i < bytes.size();) {
    unsigned char c = bytes[i];
    unsigned code = c;
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (extra > 0) code = c & (0x3F >> extra);
    for (int k = 1; k <= extra && i + k < bytes.size(); k++) code = (code << 6) | (static_cast<unsigned char>(bytes[i + k]) & 0x3F);
    i += 1 + extra;
    if (code >= 0x10000) {
      code -= 0x10000;
      out += static_cast<char16_t>(0xD800 + (code >> 10));
      out += static_cast<char16_t>(0xDC00 + (code & 0x3FF));
    } else
      out += static_cast<char16_t>(code);
  }
  return out;
}

inline std::string mql_runtime_utf8(const string &text) {
  std::string out;
  const std::u16string &u = text.units;
  for (size_t i = 0; i < u.size(); i++) {
    unsigned code = u[i];
    if (code >= 0xD800 && code < 0xDC00 && i + 1 < u.size()) code = 0x10000 + ((code - 0xD800) << 10) + (u[++i] - 0xDC00);
    if (code < 0x80)
      out += static_cast<char>(code);
    else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }
  return out;
}

inline string mql_runtime_string(const std::string &utf8) {
  string out;
  out.units = mql_runtime_from_utf8(utf8);
  return out;
}

inline string::string() {}
inline string::string(const string &other) : units(other.units) {}
inline string::string(literal_tag, const char *text) : units(mql_runtime_from_utf8(text)) {}
inline string &string::operator=(const string &other) {
  units = other.units;
  return *this;
}
inline string &string::operator+=(const string &other) {
  units += other.units;
  return *this;
}
inline string operator+(const string &a, const string &b) {
  string out(a);
  out += b;
  return out;
}
inline bool operator==(const string &a, const string &b) { return a.units == b.units; }
inline bool operator!=(const string &a, const string &b) { return a.units != b.units; }
inline bool operator<(const string &a, const string &b) { return a.units < b.units; }
inline bool operator>(const string &a, const string &b) { return a.units > b.units; }
inline bool operator<=(const string &a, const string &b) { return a.units <= b.units; }
inline bool operator>=(const string &a, const string &b) { return a.units >= b.units; }
inline string operator""_s(const char *text, decltype(sizeof 0)) { return string(string::literal_tag(), text); }

template <typename T> MqlArray<T>::MqlArray() {}
template <typename T> T &MqlArray<T>::operator[](int index) { return items.at(index); }
template <typename T> const T &MqlArray<T>::operator[](int index) const { return items.at(index); }
template <typename T> int ArrayResize(MqlArray<T> &array, int new_size, int) {
  array.items.resize(new_size < 0 ? 0 : new_size);
  return static_cast<int>(array.items.size());
}
template <typename T> int ArraySize(const MqlArray<T> &array) { return static_cast<int>(array.items.size()); }

template <typename T> std::string mql_runtime_text(const T &value) {
  if constexpr (__is_same(T, string))
    return mql_runtime_utf8(value);
  else if constexpr (__is_same(T, bool))
    return value ? "true" : "false";
  else if constexpr (__is_floating_point(T))
    return std::to_string(value);
  else
    return std::to_string(static_cast<long>(value));
}
template <typename... A> void mql_runtime_print(const A &...args) {
  std::string line = (std::string() + ... + mql_runtime_text(args));
  std::fprintf(stderr, "%s\n", line.c_str());
}
// An alert is a journal line too (as in the terminal), marked: a driver that wants both in order sends stderr to stdout.
template <typename... A> void mql_runtime_alert(const A &...args) {
  std::string line = (std::string("Alert: ") + ... + mql_runtime_text(args));
  std::fprintf(stderr, "%s\n", line.c_str());
}
template <typename T> auto mql_runtime_argument(const T &value) {
  if constexpr (__is_floating_point(T))
    return static_cast<double>(value);
  else
    return static_cast<long>(value);
}
// Numbers only: printf's own conversions (%d, %x, %02X, %f …) as MQL's StringFormat has them; %d is given a long.
template <typename... A> string mql_runtime_format(const string &format, const A &...args) {
  std::string spec = mql_runtime_utf8(format);
  for (size_t at = spec.find('%'); at != std::string::npos; at = spec.find('%', at + 2)) {
    size_t end = spec.find_first_of("diouxXeEfgGcs%", at + 1);
    if (end != std::string::npos && spec[end] != '%' && std::string("diouxX").find(spec[end]) != std::string::npos) spec.insert(end, "l");
    if (end != std::string::npos && spec[end] == '%') at = end - 1;
  }
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, spec.c_str(), mql_runtime_argument(args)...);
  return mql_runtime_string(buffer);
}

inline int StringLen(const string &s) { return static_cast<int>(s.units.size()); }
inline ushort StringGetCharacter(const string &s, int pos) {
  return pos >= 0 && pos < StringLen(s) ? s.units[pos] : 0;
}
inline string StringSubstr(const string &s, int start, int length) {
  string out;
  if (start < 0 || start >= StringLen(s)) return out;
  out.units = s.units.substr(start, length < 0 ? std::u16string::npos : static_cast<size_t>(length));
  return out;
}
inline int StringFind(const string &s, const string &match, int start) {
  size_t at = s.units.find(match.units, start < 0 ? 0 : start);
  return at == std::u16string::npos ? -1 : static_cast<int>(at);
}
inline int StringReplace(string &str, const string &find, const string &replacement) {
  if (find.units.empty()) return -1;
  int count = 0;
  for (size_t at = str.units.find(find.units); at != std::u16string::npos; at = str.units.find(find.units, at + replacement.units.size())) {
    str.units.replace(at, find.units.size(), replacement.units);
    count++;
  }
  return count;
}
inline int StringSplit(const string &s, const ushort separator, MqlArray<string> &result) {
  result.items.clear();
  if (s.units.empty()) return 0;
  size_t from = 0;
  for (size_t at = s.units.find(static_cast<char16_t>(separator)); at != std::u16string::npos;
       at = s.units.find(static_cast<char16_t>(separator), from)) {
    result.items.push_back(StringSubstr(s, static_cast<int>(from), static_cast<int>(at - from)));
    from = at + 1;
  }
  result.items.push_back(StringSubstr(s, static_cast<int>(from), -1));
  return ArraySize(result);
}
inline string ShortToString(ushort code) {
  string out;
  out.units = std::u16string(1, static_cast<char16_t>(code));
  return out;
}
inline string CharToString(uchar code) { return ShortToString(code); }
inline string IntegerToString(long number, int str_len, ushort fill_symbol) {
  string out = mql_runtime_string(std::to_string(number));
  while (StringLen(out) < str_len) out.units.insert(out.units.begin(), static_cast<char16_t>(fill_symbol));
  return out;
}
inline string DoubleToString(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  return mql_runtime_string(buffer);
}
inline double StringToDouble(const string &value) { return std::strtod(mql_runtime_utf8(value).c_str(), nullptr); }
inline long StringToInteger(const string &value) { return std::strtol(mql_runtime_utf8(value).c_str(), nullptr, 10); }
inline datetime StringToTime(const string &value) {
  std::tm tm{};
  if (std::sscanf(mql_runtime_utf8(value).c_str(), "%d.%d.%d %d:%d:%d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                  &tm.tm_sec) < 3)
    return 0;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return timegm(&tm);
}
inline string TimeToString(datetime value, int mode) {
  std::time_t t = value;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  int n = 0;
  if (mode & TIME_DATE) n += std::snprintf(buffer + n, sizeof buffer - n, "%04d.%02d.%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
  if (mode & (TIME_MINUTES | TIME_SECONDS)) n += std::snprintf(buffer + n, sizeof buffer - n, "%s%02d:%02d", n > 0 ? " " : "", tm.tm_hour, tm.tm_min);
  if (mode & TIME_SECONDS) std::snprintf(buffer + n, sizeof buffer - n, ":%02d", tm.tm_sec);
  return mql_runtime_string(buffer);
}
template <typename B, typename>
int StringToCharArray(const string &text_string, MqlArray<B> &array, int start, int count, uint) {
  std::string bytes = mql_runtime_utf8(text_string); // as CP_UTF8: the EAs use no other code page
  bytes += '\0';
  if (count >= 0 && static_cast<size_t>(count) < bytes.size()) bytes.resize(count);
  if (static_cast<int>(array.items.size()) < start + static_cast<int>(bytes.size())) array.items.resize(start + bytes.size());
  for (size_t i = 0; i < bytes.size(); i++) array.items[start + i] = static_cast<B>(bytes[i]);
  return static_cast<int>(bytes.size());
}
template <typename B, typename> string CharArrayToString(const MqlArray<B> &array, int start, int count, uint) {
  std::string bytes;
  for (int i = start; i < ArraySize(array) && (count < 0 || i < start + count) && array.items[i] != 0; i++) bytes += static_cast<char>(array.items[i]);
  return mql_runtime_string(bytes);
}
inline double MathAbs(double value) { return std::fabs(value); }
inline double MathMin(double a, double b) { return a < b ? a : b; }
inline double MathMax(double a, double b) { return a > b ? a : b; }
inline double MathRound(double value) { return std::round(value); }
inline double MathPow(double base, double exponent) { return std::pow(base, exponent); }
