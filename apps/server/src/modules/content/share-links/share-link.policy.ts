import { definePolicy } from '#core/access/policy.ts';

/**
 * Share links (issue 30): whoever may create them lists and revokes their own; manage-share-links reaches
 * everyone's. A link shares only what its sharer may read: a model (list-project-models) or a design (view-designs).
 */
export const shareLinkPolicy = definePolicy({
  resource: 'share links',
  permissions: {
    list: 'create-share-links|manage-share-links',
    create: 'create-share-links',
    revoke: 'create-share-links|manage-share-links',
    manage: 'manage-share-links',
    'view-model': 'list-project-models',
    'view-design': 'view-designs',
  },
});
