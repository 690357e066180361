import {
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  FundOutlined,
  GoldOutlined,
  LockOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { HiddenIcon } from '../../layout/HiddenIcon';
import type { TermCategory } from '../../../shared/catalog';

const ICONS: Readonly<Record<TermCategory, ComponentType>> = {
  technology: ApiOutlined,
  security: LockOutlined,
  trading: SwapOutlined,
  defi: BankOutlined,
  tokens: GoldOutlined,
  markets: FundOutlined,
  governance: AuditOutlined,
};

/** A dictionary category's icon, beside its name (hidden from assistive technology). */
export function CategoryIcon({ category }: { category: TermCategory }) {
  return <HiddenIcon icon={ICONS[category]} className="category-icon" />;
}
