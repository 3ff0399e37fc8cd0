import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { roleAllows, type StaffRole } from './roles';

/**
 * The console's sections: the navigation, the home page's index and the routes all come from this list.
 * Each area adds ONE entry (and owns src/web/admin/<area>/ and its namespace locales/<lng>/<ns>.json):
 * - path: below /admin, without the leading slash ('photos'); the section gets every path under it ('photos/*'),
 *   so it may route inside itself with <Routes> of its own;
 * - labelKey: 'namespace:key' of its name in the navigation (its namespace is loaded for it);
 * - descriptionKey: 'namespace:key' of one line about it on the console's home page;
 * - icon: a Bootstrap Icons name ('images', 'flag', ...);
 * - minRole: the weakest role that may use it. A section the signed-in role may not use is not shown, and its
 *   address shows "not allowed" (the server refuses its calls anyway).
 */
export interface ConsoleSection {
  id: string;
  path: string;
  labelKey: string;
  descriptionKey: string;
  icon: string;
  minRole: StaffRole;
  Component: LazyExoticComponent<ComponentType>;
}

export const SECTIONS: readonly ConsoleSection[] = [
  {
    id: 'photos',
    path: 'photos',
    labelKey: 'photos:section',
    descriptionKey: 'photos:section_description',
    icon: 'images',
    minRole: 'moderator',
    Component: lazy(() => import('./photos/PhotoQueuePage').then((m) => ({ default: m.PhotoQueuePage }))),
  },
  {
    id: 'verifications',
    path: 'verifications',
    labelKey: 'verifications:section',
    descriptionKey: 'verifications:section_description',
    icon: 'patch-check',
    minRole: 'moderator',
    Component: lazy(() =>
      import('./verifications/VerificationQueuePage').then((m) => ({ default: m.VerificationQueuePage })),
    ),
  },
  {
    id: 'members',
    path: 'members',
    labelKey: 'members:section',
    descriptionKey: 'members:section_description',
    icon: 'person-lines-fill',
    minRole: 'moderator',
    Component: lazy(() => import('./members/MembersSection').then((m) => ({ default: m.MembersSection }))),
  },
  {
    id: 'reports',
    path: 'reports',
    labelKey: 'reports:section',
    descriptionKey: 'reports:section_description',
    icon: 'flag',
    minRole: 'moderator',
    Component: lazy(() => import('./reports/ReportsSection').then((m) => ({ default: m.ReportsSection }))),
  },
  {
    id: 'sites',
    path: 'sites',
    labelKey: 'sites:section',
    descriptionKey: 'sites:section_description',
    icon: 'globe2',
    minRole: 'admin',
    Component: lazy(() => import('./sites/SitesSection').then((m) => ({ default: m.SitesSection }))),
  },
  {
    id: 'catalogue',
    path: 'catalogue',
    labelKey: 'catalogue:section',
    descriptionKey: 'catalogue:section_description',
    icon: 'tags',
    minRole: 'admin',
    Component: lazy(() =>
      import('./catalogue/CatalogueSection').then((m) => ({ default: m.CatalogueSection })),
    ),
  },
  {
    id: 'profiles',
    path: 'profiles',
    labelKey: 'profiles:section',
    descriptionKey: 'profiles:section_description',
    icon: 'person-badge',
    minRole: 'moderator',
    Component: lazy(() => import('./profiles/ProfilesSection').then((m) => ({ default: m.ProfilesSection }))),
  },
  {
    id: 'figures',
    path: 'figures',
    labelKey: 'figures:section',
    descriptionKey: 'figures:section_description',
    icon: 'bar-chart-line',
    minRole: 'admin',
    Component: lazy(() => import('./figures/FiguresSection').then((m) => ({ default: m.FiguresSection }))),
  },
  {
    id: 'staff',
    path: 'staff',
    labelKey: 'console:sections.staff',
    descriptionKey: 'console:sections.staff_description',
    icon: 'people',
    minRole: 'admin',
    Component: lazy(() => import('./staff/StaffPage').then((m) => ({ default: m.StaffPage }))),
  },
  {
    id: 'audit',
    path: 'audit',
    labelKey: 'console:sections.audit',
    descriptionKey: 'console:sections.audit_description',
    icon: 'journal-text',
    minRole: 'moderator',
    Component: lazy(() => import('./audit/AuditPage').then((m) => ({ default: m.AuditPage }))),
  },
];

/** The sections a role may use, in the registry's order. */
export function sectionsFor(role: StaffRole | undefined): ConsoleSection[] {
  return SECTIONS.filter((s) => roleAllows(role, s.minRole));
}

/** The namespaces the sections' labels live in (loaded with the navigation). */
export function sectionNamespaces(): string[] {
  return [...new Set(SECTIONS.flatMap((s) => [s.labelKey, s.descriptionKey].map((k) => k.split(':')[0]!)))];
}
