import { SearchOutlined } from '@ant-design/icons';
import { Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchResourcesQuery } from '../../api/searchApi';
import { SearchResults } from './SearchResults';

/** The search field's element id: Ctrl+K on Home focuses it (layout/header/GlobalSearch). */
export const RESOURCE_SEARCH_INPUT_ID = 'nimbus-resource-search';

/**
 * The global resource search of the home view and the header's search dialog. It
 * searches on Enter only, with non-empty text; clearing the text closes the results.
 */
export function ResourceSearch() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { currentData, isFetching } = useSearchResourcesQuery(keyword, { skip: !keyword });
  return (
    <div data-testid="resource-search">
      <Input
        id={RESOURCE_SEARCH_INPUT_ID}
        type="search"
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        onPressEnter={(event) => setKeyword(event.currentTarget.value.trim())}
        onChange={(event) => {
          if (event.target.value.trim() === '') setKeyword('');
        }}
      />
      {keyword && (
        <div style={{ marginTop: 16 }} data-testid="resource-search-results">
          {isFetching ? <Spin /> : currentData && <SearchResults results={currentData} />}
        </div>
      )}
    </div>
  );
}
