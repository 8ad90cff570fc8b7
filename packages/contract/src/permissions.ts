/** Every ability key named in the three specs, grouped by the area that uses it. */
export const ABILITY_GROUPS = {
  projects: ['view-projects', 'create-projects', 'update-projects', 'delete-projects'],
  models: ['list-project-models', 'create-project-models', 'update-project-models'],
  designs: ['view-designs', 'create-designs', 'update-designs', 'delete-designs'],
  sharing: ['create-share-links', 'manage-share-links'],
  libraries: ['list-libraries', 'update-libraries', 'delete-libraries'],
  libraryItems: ['list-library-items', 'update-library-items', 'delete-library-items'],
  materials: ['list-materials', 'update-materials', 'delete-materials'],
  materialCategories: ['list-material-categories', 'update-material-categories', 'delete-material-categories'],
  processor: ['update-options'],
  security: [
    'view-system-users',
    'create-users',
    'update-users',
    'delete-users',
    'view-roles',
    'create-roles',
    'update-roles',
    'delete-roles',
    'view-groups',
    'create-groups',
    'update-groups',
    'delete-groups',
  ],
  tools: [
    'list-downloads',
    'list-labels',
    'create-labels',
    'update-labels',
    'delete-labels',
    'create-property-maps',
    'update-property-maps',
    'delete-property-maps',
    'access-recycling-bin',
    'restore-deleted-entities',
  ],
  company: ['view-company', 'edit-company'],
} as const;

export type AbilityGroup = keyof typeof ABILITY_GROUPS;
export type Ability = (typeof ABILITY_GROUPS)[AbilityGroup][number];

export const ABILITIES: readonly Ability[] = Object.values(ABILITY_GROUPS).flat();

const abilitySet = new Set<string>(ABILITIES);
export function isAbility(value: string): value is Ability {
  return abilitySet.has(value);
}

/**
 * A permission requirement as the specs write it: one key, or several separated by '|'
 * of which any one suffices.
 */
export type PermissionExpression = Ability | `${Ability}|${string}`;

export function parsePermission(expression: string): Ability[] {
  const keys = expression.split('|').map((key) => key.trim());
  for (const key of keys) {
    if (!isAbility(key)) throw new Error(`Unknown ability "${key}" in "${expression}"`);
  }
  return keys as Ability[];
}

export interface PermissionSubject {
  admin: boolean;
  abilities: readonly string[];
}

/** Admins pass every check; otherwise any one of the '|'-separated keys suffices. */
export function hasPermission(subject: PermissionSubject, expression: string): boolean {
  if (subject.admin) return true;
  return parsePermission(expression).some((key) => subject.abilities.includes(key));
}
