import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { HiddenIcon } from '../../layout/HiddenIcon';
import type { RiskLevel } from './strategyCatalog';

// The level in a shape as well as in a colour, for readers who do not tell the colours apart.
const ICONS: Readonly<Record<RiskLevel, ComponentType>> = {
  low: ArrowDownOutlined,
  medium: MinusOutlined,
  high: ArrowUpOutlined,
};

/** A strategy's risk level as an icon, beside its written level (hidden from assistive technology). */
export function RiskLevelIcon({ level }: { level: RiskLevel }) {
  return <HiddenIcon icon={ICONS[level]} className="risk-tag__icon" />;
}
