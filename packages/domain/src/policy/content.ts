import { definePolicy } from './role-groups.ts';

/** Developer assets (downloads, sample files, FAQs, videos) and press releases (issue 17). */
export const CONTENT_POLICY = definePolicy({
  /** Published downloads, FAQs, videos and the sample files: every signed-in audience (spec: /developer-assets). */
  'content.read': ['anyone'],
  /** The management views (drafts included): the provider's admins, read-only ones too. */
  'content.manage-view': ['providerAdmin'],
  /** Add, edit, reorder, publish, unpublish and delete downloads, FAQs and videos. */
  'content.manage': ['providerReadWrite'],
  /** Press releases: the list with drafts, the editor, submit (publish). */
  'press-releases.manage': ['marketingAdmin'],
});
