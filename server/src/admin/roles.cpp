#include "admin/roles.hpp"

#include <algorithm>

namespace ether::admin {

const std::vector<Permission>& all_permissions() {
  static const std::vector<Permission> all{
      Permission::edit_drafts,    Permission::edit_published, Permission::publish,      Permission::delete_content,
      Permission::edit_settings,  Permission::read_audit,     Permission::manage_users, Permission::manage_api_keys,
      Permission::read_listeners, Permission::read_royalties};
  return all;
}

std::string_view role_name(Role role) {
  switch (role) {
    case Role::beheerder:
      return "beheerder";
    case Role::eindredacteur:
      return "eindredacteur";
    case Role::redacteur:
      return "redacteur";
  }
  return "redacteur";
}

std::optional<Role> parse_role(std::string_view name) {
  for (Role role : {Role::beheerder, Role::eindredacteur, Role::redacteur}) {
    if (name == role_name(role)) return role;
  }
  return std::nullopt;
}

std::string_view permission_name(Permission permission) {
  switch (permission) {
    case Permission::edit_drafts:
      return "edit_drafts";
    case Permission::edit_published:
      return "edit_published";
    case Permission::publish:
      return "publish";
    case Permission::delete_content:
      return "delete_content";
    case Permission::edit_settings:
      return "edit_settings";
    case Permission::read_audit:
      return "read_audit";
    case Permission::manage_users:
      return "manage_users";
    case Permission::manage_api_keys:
      return "manage_api_keys";
    case Permission::read_listeners:
      return "read_listeners";
    case Permission::read_royalties:
      return "read_royalties";
  }
  return "";
}

bool allows(Role role, Permission permission) {
  if (permission == Permission::read_listeners) return true;
  switch (role) {
    case Role::beheerder:
      return true;
    case Role::eindredacteur:
      return permission == Permission::edit_drafts || permission == Permission::edit_published ||
             permission == Permission::publish || permission == Permission::delete_content ||
             permission == Permission::read_audit;
    case Role::redacteur:
      return permission == Permission::edit_drafts;
  }
  return false;
}

bool channel_allowed(const std::vector<std::string>& channels, std::string_view channel) {
  return channels.empty() || std::find(channels.begin(), channels.end(), channel) != channels.end();
}

}  // namespace ether::admin
