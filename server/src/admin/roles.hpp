#pragma once
// The three roles of the admin and what each may do: the permission table that every admin route
// (and the content routes to come) asks. Pure logic, no store.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::admin {

enum class Role { beheerder, eindredacteur, redacteur };

/// What a route needs. Content permissions apply to channels, users, keys and audit to the station.
enum class Permission {
  edit_drafts,      // create and edit unpublished content
  edit_published,   // edit content that is on the site
  publish,          // publish, unpublish and schedule content
  delete_content,   // delete or archive content
  edit_settings,    // station settings: channels, broadcasters, site-wide configuration
  read_audit,       // read the audit log
  manage_users,     // list, create, change and deactivate accounts
  manage_api_keys,  // create, list and revoke API keys
  read_listeners,   // read the listener figures (live counts, history, CSV)
  read_royalties,   // download the monthly royalty report (what was played, to whom)
};

/// Every permission, in declaration order (for tables and tests).
const std::vector<Permission>& all_permissions();

/// "beheerder", "eindredacteur", "redacteur".
std::string_view role_name(Role role);
/// The role of a name as role_name writes it; nullopt for anything else.
std::optional<Role> parse_role(std::string_view name);

/// "edit_drafts", ... as the web app receives them.
std::string_view permission_name(Permission permission);

/// The table: beheerder everything; eindredacteur all content (drafts, published, publish,
/// delete) and the audit log, not station settings, users, keys or the royalty report; redacteur
/// drafts only. Every role reads the listener figures.
bool allows(Role role, Permission permission);

/// True when a user limited to `channels` (empty: every channel) may work on `channel`.
bool channel_allowed(const std::vector<std::string>& channels, std::string_view channel);

}  // namespace ether::admin
