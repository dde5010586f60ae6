import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/admin/formatTime';
import type { CellValue, DeclaredCellDisplay } from '../../resources/descriptors/types';

/** How a kind column's value shows, the same in the lists and in detail sub-tables. */
export function useKindCell(): (display: DeclaredCellDisplay, value: CellValue) => ReactNode {
  const { t, i18n } = useTranslation();
  return (display, value) => {
    switch (display.type) {
      case 'time':
        return formatTime(typeof value === 'string' ? value : undefined, i18n.language);
      case 'state': {
        const on = Boolean(value);
        return (
          <Tag color={on === display.goodWhenOn ? 'success' : 'warning'}>
            {t(on ? display.onKey : display.offKey)}
          </Tag>
        );
      }
      case 'text':
        return value;
    }
  };
}
