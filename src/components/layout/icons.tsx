import type { ReactNode, SVGProps } from 'react';

/** Props for every icon: any SVG prop; `className` defaults to `size-5`. Icons are always decorative. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
export type Icon = (props: IconProps) => ReactNode;

function createIcon(children: ReactNode): Icon {
  return function SvgIcon({ className = 'size-5 shrink-0', ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        className={className}
        {...props}
        aria-hidden="true"
      >
        {children}
      </svg>
    );
  };
}

export const GraduationCapIcon = createIcon(
  <>
    <path d="M2 9.5 12 5l10 4.5-10 4.5L2 9.5Z" />
    <path d="M6 11.3V16c0 1.4 2.7 3 6 3s6-1.6 6-3v-4.7" />
    <path d="M22 9.5V15" />
  </>,
);

export const BriefcaseIcon = createIcon(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5.5A1.5 1.5 0 0 1 9.5 4h5A1.5 1.5 0 0 1 16 5.5V7" />
    <path d="M3 12.5h18" />
  </>,
);

export const ChartBarIcon = createIcon(
  <>
    <path d="M4 20h16" />
    <rect x="5" y="11" width="3" height="6" rx="0.5" />
    <rect x="10.5" y="6" width="3" height="11" rx="0.5" />
    <rect x="16" y="9" width="3" height="8" rx="0.5" />
  </>,
);

export const TrendingUpIcon = createIcon(
  <>
    <path d="m3 17 6-6 4 4 8-8" />
    <path d="M15 7h6v6" />
  </>,
);

export const CloudIcon = createIcon(<path d="M7 19a5 5 0 0 1-.6-9.96A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 10H7Z" />);

export const UsersIcon = createIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8" />
    <path d="M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);

export const CubeIcon = createIcon(
  <>
    <path d="M12 2.8 20 7v10l-8 4.2L4 17V7l8-4.2Z" />
    <path d="m4 7 8 4.3L20 7" />
    <path d="M12 11.3v9.9" />
  </>,
);

export const ShoppingCartIcon = createIcon(
  <>
    <path d="M3 4h2l2.2 10.5a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6" />
    <circle cx="9" cy="19.5" r="1.25" />
    <circle cx="17" cy="19.5" r="1.25" />
  </>,
);

export const DocumentTextIcon = createIcon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5" />
    <path d="M9 13h6M9 17h4" />
  </>,
);

export const CogIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </>,
);

export const LifebuoyIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="3.5" />
    <path d="m5.6 5.6 3.9 3.9M14.5 14.5l3.9 3.9M18.4 5.6l-3.9 3.9M9.5 14.5l-3.9 3.9" />
  </>,
);

export const MenuIcon = createIcon(<path d="M4 6h16M4 12h16M4 18h16" />);

export const XIcon = createIcon(<path d="M6 6l12 12M18 6 6 18" />);

/** Points to the inline start in LTR; add `rtl:rotate-180` where it must follow the direction. */
export const ChevronDoubleLeftIcon = createIcon(<path d="m11 17-5-5 5-5M18 17l-5-5 5-5" />);

export const SunIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);

export const MoonIcon = createIcon(<path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />);

export const ComputerIcon = createIcon(
  <>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </>,
);

export const BellIcon = createIcon(
  <>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9Z" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </>,
);

export const ExpandIcon = createIcon(<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);

export const ShrinkIcon = createIcon(<path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />);

export const ArrowsRightLeftIcon = createIcon(<path d="M4 8h15l-4-4M20 16H5l4 4" />);

export const LogoutIcon = createIcon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </>,
);

export const UserIcon = createIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);

export const CheckIcon = createIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />);

export const StoreIcon = createIcon(
  <>
    <path d="M4 10v9a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-9" />
    <path d="M3 6.5 4.5 4h15L21 6.5V8a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0V6.5Z" />
    <path d="M10 20v-5h4v5" />
  </>,
);

export const SearchIcon = createIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.35-4.35" />
  </>,
);

export const HomeIcon = createIcon(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20h5v-6h4v6h5V9.5" />
  </>,
);

/** Languages: a speech bubble with "A" and a character. */
export const LanguageIcon = createIcon(
  <>
    <path d="M4 5h8M8 3v2M10.5 5c-.8 3.5-3 6.5-6 8M6 8.5c1 2 2.6 3.5 4.5 4.5" />
    <path d="M12 21l4-9 4 9M13.5 18h5" />
  </>,
);
