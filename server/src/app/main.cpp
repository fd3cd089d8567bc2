#include <iostream>
#include "store/database.hpp"
int main(int argc, char** argv) {
  auto db = ether::store::Database::open(argc > 1 ? argv[1] : "sqlite:/tmp/ether-check.db");
  std::cout << db->migrate() << " applied, version " << db->schema_version() << "\n";
}
