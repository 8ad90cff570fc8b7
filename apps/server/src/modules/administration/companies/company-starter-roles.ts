import { ABILITIES, ABILITY_GROUPS, type Ability, type AbilityGroup } from '@meshport/contract';

/** The groups a reader reads: the content and the company's details, not security or tools. */
const READ_GROUPS: readonly AbilityGroup[] = [
  'projects',
  'models',
  'designs',
  'libraries',
  'libraryItems',
  'materials',
  'materialCategories',
  'company',
];

/**
 * The 'Viewer' role a new company (and the demo) starts with: every view-/list- ability of the
 * content and the company, none of security or tools, whose screens it has no use for
 * (docs/decisions/0045).
 */
export const READER_ABILITIES: readonly Ability[] = READ_GROUPS.flatMap((group) =>
  ABILITY_GROUPS[group].filter((key) => key.startsWith('view-') || key.startsWith('list-')),
);

export const READER_DESCRIPTION = 'Reads content and the company details';

/** The roles a new company starts with: its first administrator gets the first. */
export const STARTER_ROLES = [
  { title: 'Administrator', description: 'Manages the company, its people and all content', abilities: ABILITIES },
  { title: 'Viewer', description: READER_DESCRIPTION, abilities: READER_ABILITIES },
] as const;
