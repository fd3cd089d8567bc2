#include <date/tz.h>
#include <soci/soci.h>
#include <soci/sqlite3/soci-sqlite3.h>
#include <boost/json.hpp>
#include <iostream>
int main() {
  auto z = date::locate_zone("Europe/Amsterdam");
  std::cout << date::zoned_time{z, std::chrono::system_clock::now()} << "\n";
  soci::session s(*soci::factory_sqlite3(), ":memory:");
  int v = 0; s << "select 41+1", soci::into(v); std::cout << v << "\n";
}
