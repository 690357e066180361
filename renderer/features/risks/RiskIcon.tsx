import {
  AccountBookOutlined,
  BugOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  LinkOutlined,
  LockOutlined,
  MehOutlined,
  PieChartOutlined,
  ShopOutlined,
  StockOutlined,
  SwapOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { HiddenIcon } from '../../layout/HiddenIcon';
import type { RISKS } from './riskCatalog';

const ICONS: Readonly<Record<(typeof RISKS)[number], ComponentType>> = {
  volatility: StockOutlined,
  security: LockOutlined,
  regulatory: FileProtectOutlined,
  technical: BugOutlined,
  psychological: MehOutlined,
  liquidity: SwapOutlined,
  counterparty: ShopOutlined,
  tax: AccountBookOutlined,
  environmental: ThunderboltOutlined,
  correlation: LinkOutlined,
  technological: ExperimentOutlined,
  concentration: PieChartOutlined,
};

/** A risk's icon, beside its name (hidden from assistive technology). */
export function RiskIcon({ risk }: { risk: (typeof RISKS)[number] }) {
  return <HiddenIcon icon={ICONS[risk]} className="risk-icon" />;
}
