import { buildUrl, homePathFor, type NavUser, profileMenuFor } from '@portico/domain';

/** Where Complete Profile goes: the edit-profile page of the user's area (from the profile menu table). */
export function editProfileHref(user: NavUser): string {
  const items = profileMenuFor(user);
  const item = items.find((i) => i.id === 'edit-profile') ?? items.find((i) => i.id === 'manage-users');
  return item?.path ? buildUrl(item.path, item.query) : homePathFor(user);
}
