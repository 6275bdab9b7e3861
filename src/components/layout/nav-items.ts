import type { FileRouteTypes } from '@/routeTree.gen';
import {
  BriefcaseIcon,
  ChartBarIcon,
  CloudIcon,
  CogIcon,
  CubeIcon,
  DocumentTextIcon,
  GraduationCapIcon,
  LifebuoyIcon,
  ShoppingCartIcon,
  TrendingUpIcon,
  UsersIcon,
  type Icon,
} from './icons';

/** A path that exists in the generated route tree, so a typo fails type-checking. */
export type NavPath = FileRouteTypes['to'];

export interface NavItem {
  /** Its name's message id (common.json). */
  labelId: string;
  to: NavPath;
  icon: Icon;
}

export interface NavGroup {
  /** Stable id, used for element ids. */
  id: string;
  /** Its heading's message id (common.json). */
  labelId: string;
  items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'overview',
    labelId: 'common.nav.overview',
    items: [
      { labelId: 'common.nav.learningManagement', to: '/learning-management', icon: GraduationCapIcon },
      { labelId: 'common.nav.jobManagement', to: '/job-management', icon: BriefcaseIcon },
      { labelId: 'common.nav.analytics', to: '/analytics', icon: ChartBarIcon },
      { labelId: 'common.nav.sales', to: '/sales', icon: TrendingUpIcon },
      { labelId: 'common.nav.saas', to: '/saas', icon: CloudIcon },
    ],
  },
  {
    id: 'management',
    labelId: 'common.nav.management',
    items: [
      { labelId: 'common.nav.users', to: '/users', icon: UsersIcon },
      { labelId: 'common.nav.products', to: '/products', icon: CubeIcon },
      { labelId: 'common.nav.orders', to: '/orders', icon: ShoppingCartIcon },
      { labelId: 'common.nav.invoices', to: '/invoices', icon: DocumentTextIcon },
    ],
  },
  {
    id: 'others',
    labelId: 'common.nav.others',
    items: [
      { labelId: 'common.nav.settings', to: '/settings', icon: CogIcon },
      { labelId: 'common.nav.support', to: '/support', icon: LifebuoyIcon },
    ],
  },
];

/** The groups with their names in the current language (`t` is `useT('common')`'s). */
export function translatedNavGroups(t: (id: string) => string) {
  return NAV_GROUPS.map((group) => ({ ...group, label: t(group.labelId), items: group.items.map((item) => ({ ...item, label: t(item.labelId) })) }));
}
