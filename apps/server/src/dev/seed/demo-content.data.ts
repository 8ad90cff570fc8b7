import type { RecordStatus } from '@meshport/contract';

/**
 * What the demo puts in one company; names refer to each other. Labels, projects, libraries and
 * material categories are written by the seed; models, items and materials are made at the first
 * start through the API from files generated in code (`dev/demo/`), so their statuses come from
 * real runs: a broken demo file fails, `afterwards` is what the demo does to a record afterwards.
 */
export interface TenantContent {
  labels: [string, string][];
  projects: {
    name: string;
    description: string;
    status?: RecordStatus;
    labels?: string[];
    members?: string[];
    favoriteOf?: string[];
    parent?: string;
    deletedDaysAgo?: number;
  }[];
  models: { name: string; project: string; deletedDaysAgo?: number }[];
  libraries: { name: string; parent?: string; status?: RecordStatus; labels?: string[]; deletedDaysAgo?: number }[];
  items: {
    name: string;
    libraries: string[];
    /** cancel: its run is cancelled while queued; archive: archived once processed. */
    afterwards?: 'cancel' | 'archive';
    usedBy?: string[];
    deletedDaysAgo?: number;
  }[];
  categories: { name: string; parent?: string; deletedDaysAgo?: number }[];
  materials: {
    name: string;
    categories: string[];
    parent?: string;
    status?: RecordStatus;
    usedBy?: string[];
    deletedDaysAgo?: number;
  }[];
}

export const ACME: TenantContent = {
  labels: [
    ['Modern', '#1c7ed6'],
    ['Classic', '#a0522d'],
    ['Showroom', '#ae3ec9'],
    ['Urgent', '#e03131'],
    ['Outdoor', '#2f9e44'],
  ],
  projects: [
    {
      name: 'Van Dijk Family Kitchen',
      description: 'Open-plan kitchen with a central island for a family of five.',
      labels: ['Modern', 'Urgent'],
      members: ['editor', 'viewer'],
    },
    {
      name: 'Van Dijk Pantry Extension',
      description: 'Walk-in pantry next to the family kitchen.',
      parent: 'Van Dijk Family Kitchen',
      members: ['editor'],
    },
    {
      name: 'Harbour Loft Renovation',
      description: 'Galley kitchen in a converted harbour warehouse.',
      labels: ['Modern'],
      members: ['editor'],
    },
    {
      name: 'Showroom Amsterdam 2026',
      description: 'Display kitchens for the new Amsterdam showroom.',
      labels: ['Showroom'],
      members: ['editor', 'viewer'],
      favoriteOf: ['viewer'],
    },
    {
      name: 'Villa Rosa Outdoor Kitchen',
      description: 'Weatherproof outdoor kitchen with grill and pizza oven.',
      status: 'inactive',
      labels: ['Outdoor'],
      members: ['viewer'],
    },
    {
      name: 'Bakker Bistro Fit-out',
      description: 'Commercial kitchen and service counter for a bistro.',
      status: 'archived',
      labels: ['Classic'],
    },
    {
      name: 'Classic Farmhouse Kitchen',
      description: 'Shaker-style kitchen with a range cooker.',
      labels: ['Classic'],
      members: ['editor', 'viewer'],
      favoriteOf: ['viewer'],
    },
    { name: 'Student Housing Kitchenettes', description: 'Compact kitchenettes for 40 student rooms.' },
    { name: 'Old Showroom 2023', description: 'Replaced by the 2026 showroom.', deletedDaysAgo: 5 },
    { name: 'Cancelled Pop-up Kitchen', description: 'Trade fair stand that did not go ahead.', deletedDaysAgo: 40 },
  ],
  models: [
    { name: 'Island with Breakfast Bar', project: 'Van Dijk Family Kitchen' },
    { name: 'Tall Cabinet Wall', project: 'Van Dijk Family Kitchen' },
    { name: 'Corner Pantry Unit', project: 'Van Dijk Pantry Extension' },
    { name: 'Loft Galley Layout', project: 'Harbour Loft Renovation' },
    { name: 'Showroom Display A', project: 'Showroom Amsterdam 2026' },
    { name: 'Outdoor Grill Station', project: 'Villa Rosa Outdoor Kitchen' },
    { name: 'Bistro Service Counter', project: 'Bakker Bistro Fit-out' },
    { name: 'Farmhouse Range Hood', project: 'Classic Farmhouse Kitchen' },
    { name: 'Draft Island v1', project: 'Van Dijk Family Kitchen', deletedDaysAgo: 5 },
  ],
  libraries: [
    { name: 'Cabinets', labels: ['Modern', 'Classic'] },
    { name: 'Base Cabinets', parent: 'Cabinets' },
    { name: 'Drawer Units', parent: 'Base Cabinets' },
    { name: 'Wall Cabinets', parent: 'Cabinets' },
    { name: 'Appliances' },
    { name: 'Ovens', parent: 'Appliances' },
    { name: 'Cooktops', parent: 'Appliances' },
    { name: 'Worktops', labels: ['Modern'] },
    { name: 'Seating & Lighting' },
    { name: 'Handles & Hardware', status: 'archived' },
    { name: 'Discontinued 2022', deletedDaysAgo: 5 },
    { name: 'Old Samples', deletedDaysAgo: 40 },
  ],
  items: [
    { name: 'Base Cabinet 60cm', libraries: ['Base Cabinets'], usedBy: ['Island with Breakfast Bar'] },
    { name: 'Base Cabinet 80cm', libraries: ['Base Cabinets'] },
    { name: 'Drawer Unit 3-Drawer 60cm', libraries: ['Drawer Units'] },
    { name: 'Wall Cabinet 40cm', libraries: ['Wall Cabinets'] },
    { name: 'Built-in Oven 60cm', libraries: ['Ovens'], usedBy: ['Island with Breakfast Bar', 'Showroom Display A'] },
    { name: 'Induction Hob 4-Zone', libraries: ['Cooktops'] },
    { name: 'Gas Hob 5-Burner', libraries: ['Cooktops'], afterwards: 'cancel' },
    { name: 'Oak Worktop 3m', libraries: ['Worktops'], usedBy: ['Island with Breakfast Bar'] },
    { name: 'Quartz Worktop 3m', libraries: ['Worktops'] },
    { name: 'Bar Handle 160mm', libraries: ['Handles & Hardware'], afterwards: 'archive' },
    { name: 'Sink Unit 80cm', libraries: ['Base Cabinets', 'Worktops'] },
    { name: 'Brass Knob', libraries: ['Handles & Hardware'] },
    { name: 'Extractor Hood 90cm', libraries: [] },
    { name: 'Bar Stool', libraries: ['Seating & Lighting'], usedBy: ['Island with Breakfast Bar'] },
    { name: 'Dining Chair', libraries: ['Seating & Lighting'] },
    { name: 'Pendant Lamp', libraries: ['Seating & Lighting'], usedBy: ['Showroom Display A'] },
    { name: 'Legacy Plinth', libraries: ['Base Cabinets'], deletedDaysAgo: 5 },
  ],
  categories: [
    { name: 'Wood' },
    { name: 'Oak', parent: 'Wood' },
    { name: 'Walnut', parent: 'Wood' },
    { name: 'Stone' },
    { name: 'Marble', parent: 'Stone' },
    { name: 'Metals' },
    { name: 'Laminates (old)', deletedDaysAgo: 5 },
  ],
  materials: [
    { name: 'Oak Natural', categories: ['Oak'], usedBy: ['Island with Breakfast Bar'] },
    { name: 'Oak Smoked', categories: ['Oak'], parent: 'Oak Natural' },
    { name: 'Walnut Oiled', categories: ['Walnut'] },
    { name: 'Carrara Marble', categories: ['Marble'], usedBy: ['Island with Breakfast Bar'] },
    { name: 'Nero Marquina', categories: ['Marble'] },
    { name: 'Brushed Steel', categories: ['Metals'] },
    { name: 'Brass Satin', categories: ['Metals'], status: 'inactive' },
    { name: 'Matte White Lacquer', categories: [] },
    { name: 'Laminate Beige', categories: ['Wood'], deletedDaysAgo: 5 },
    { name: 'Old Pine', categories: [], deletedDaysAgo: 40 },
  ],
};

export const GLOBEX: TenantContent = {
  labels: [['Retail', '#f08c00']],
  projects: [
    {
      name: 'Globex Flagship Store',
      description: 'Kitchen display for the flagship store.',
      labels: ['Retail'],
      members: ['globex-editor'],
    },
    { name: 'Globex Staff Canteen', description: 'Canteen kitchen for the head office.' },
    { name: 'Globex Archive Room', description: 'No longer needed.', deletedDaysAgo: 3 },
  ],
  models: [{ name: 'Flagship Counter', project: 'Globex Flagship Store' }],
  libraries: [{ name: 'Store Fixtures', labels: ['Retail'] }],
  items: [{ name: 'Display Shelf 120cm', libraries: ['Store Fixtures'] }],
  categories: [{ name: 'Finishes' }],
  materials: [{ name: 'Oak Natural', categories: ['Finishes'] }],
};
