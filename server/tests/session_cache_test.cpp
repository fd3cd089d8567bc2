// admin::SessionCache (admin/sessions.hpp): the in-memory view of live sessions that an upload's
// head is judged by on the I/O thread, filled and emptied by the store work on a real SQLite store.

#include <gtest/gtest.h>

#include <string>

#include "admin/bootstrap.hpp"
#include "admin/password.hpp"
#include "admin/sessions.hpp"
#include "admin/user_repository.hpp"
#include "store_test_support.hpp"

namespace ether::admin {
namespace {

constexpr std::int64_t kNow = 1'795'258'800;  // 2026-11-21 11:00 UTC

class SessionCacheTest : public ::testing::Test {
 protected:
  User user(const std::string& email, Role role) {
    auto created = create_account(store_.db(), email, "Naam", role, kNow, kMinimumCost);
    auto lease = store_.db().lease();
    auto found = UserRepository(*lease).find_by_id(created.user.id);
    found->must_change_password = false;
    UserRepository(*lease).update(*found);
    return *found;
  }

  testing_support::TempStore store_;
  SessionCache& cache_ = SessionCache::instance();
};

TEST_F(SessionCacheTest, KnowsASessionOnceTheStoreFoundIt) {
  const auto editor = user("redacteur@ether.local", Role::redacteur);
  auto lease = store_.db().lease();
  SessionRepository sessions(*lease);
  const auto id = sessions.create(editor.id, kNow);
  ASSERT_TRUE(sessions.find(id, kNow));
  const auto live = cache_.live(id, kNow + 10);
  ASSERT_TRUE(live);
  EXPECT_EQ(live->user_id, editor.id);
  EXPECT_EQ(live->role, Role::redacteur);
  EXPECT_TRUE(live->ready);
  // A forged id, or one of the wrong length, is unknown.
  EXPECT_FALSE(cache_.live(std::string(64, 'a'), kNow));
  EXPECT_FALSE(cache_.live("kort", kNow));
  // It lapses at the idle expiry without a further store lookup, and at logout.
  EXPECT_FALSE(cache_.live(id, kNow + kIdleSeconds));
  sessions.remove(id);
  EXPECT_FALSE(cache_.live(id, kNow + 10));
}

TEST_F(SessionCacheTest, FollowsTheAccountAndForgetsEndedSessions) {
  auto editor = user("eindredacteur@ether.local", Role::eindredacteur);
  auto lease = store_.db().lease();
  SessionRepository sessions(*lease);
  const auto first = sessions.create(editor.id, kNow);
  const auto second = sessions.create(editor.id, kNow);
  ASSERT_TRUE(sessions.find(first, kNow));
  ASSERT_TRUE(sessions.find(second, kNow));

  // A role change reaches the cached sessions at once; so does a password reset's must-change.
  editor.role = Role::redacteur;
  editor.must_change_password = true;
  UserRepository(*lease).update(editor);
  auto live = cache_.live(first, kNow);
  ASSERT_TRUE(live);
  EXPECT_EQ(live->role, Role::redacteur);
  EXPECT_FALSE(live->ready);

  // Ending the other sessions (a password change) keeps the one named.
  sessions.remove_for_user(editor.id, sha256_hex(second));
  EXPECT_FALSE(cache_.live(first, kNow));
  EXPECT_TRUE(cache_.live(second, kNow));

  // A session the store finds expired is forgotten; one gone from the store (ended by another
  // instance) too.
  ASSERT_FALSE(sessions.find(second, kNow + kAbsoluteSeconds));
  EXPECT_FALSE(cache_.live(second, kNow + 10));
  const auto third = sessions.create(editor.id, kNow);
  ASSERT_TRUE(sessions.find(third, kNow));
  std::string hash = sha256_hex(third);
  *lease << "DELETE FROM admin_sessions WHERE id_hash = :h", soci::use(hash);
  EXPECT_FALSE(sessions.find(third, kNow));
  EXPECT_FALSE(cache_.live(third, kNow));
}

TEST_F(SessionCacheTest, AnAccountSwitchedOffIsNotRemembered) {
  auto editor = user("uit@ether.local", Role::redacteur);
  auto lease = store_.db().lease();
  SessionRepository sessions(*lease);
  const auto id = sessions.create(editor.id, kNow);
  editor.active = false;
  UserRepository(*lease).update(editor);
  sessions.find(id, kNow);
  EXPECT_FALSE(cache_.live(id, kNow));
}

}  // namespace
}  // namespace ether::admin
