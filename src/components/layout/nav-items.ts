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
  label: string;
  to: NavPath;
  icon: Icon;
}

export interface NavGroup {
  /** Stable id, used for element ids. */
  id: string;
  label: string;
  items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'overview',
    label: 'Overview',
    items: [
      { label: 'Learning management', to: '/learning-management', icon: GraduationCapIcon },
      { label: 'Job management', to: '/job-management', icon: BriefcaseIcon },
      { label: 'Analytics', to: '/analytics', icon: ChartBarIcon },
      { label: 'Sales', to: '/sales', icon: TrendingUpIcon },
      { label: 'SaaS', to: '/saas', icon: CloudIcon },
    ],
  },
  {
    id: 'management',
    label: 'Management',
    items: [
      { label: 'Users', to: '/users', icon: UsersIcon },
      { label: 'Products', to: '/products', icon: CubeIcon },
      { label: 'Orders', to: '/orders', icon: ShoppingCartIcon },
      { label: 'Invoices', to: '/invoices', icon: DocumentTextIcon },
    ],
  },
  {
    id: 'others',
    label: 'Others',
    items: [
      { label: 'Settings', to: '/settings', icon: CogIcon },
      { label: 'Support', to: '/support', icon: LifebuoyIcon },
    ],
  },
];
