import {
  BookOutlined,
  CompassOutlined,
  GoldOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  MailOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  TeamOutlined,
  ToolOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { HiddenIcon } from './HiddenIcon';

// One icon per section of the site, the same wherever the section is offered: the tab bar,
// the drawer, the footer, the home page's cards and the 404 page's suggestions.
const ICONS: Readonly<Record<string, ComponentType>> = {
  '/': HomeOutlined,
  '/dictionary': BookOutlined,
  '/tokens': GoldOutlined,
  '/learning': ReadOutlined,
  '/strategies': CompassOutlined,
  '/tools': ToolOutlined,
  '/faq': QuestionCircleOutlined,
  '/risks': WarningOutlined,
  '/about': InfoCircleOutlined,
  '/partners': TeamOutlined,
  '/contact': MailOutlined,
};

/** The section's icon, hidden from assistive technology (the link's text names it). */
export function NavigationIcon({ to, className }: { to: string; className?: string }) {
  const icon = ICONS[to];
  return icon ? <HiddenIcon icon={icon} className={className} /> : null;
}
