import { DownloadOutlined, DownOutlined, ReloadOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Select, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SINCE_CHOICES, TAIL_CHOICES, type LogOptions } from './logOptions';

export interface LogSearchState {
  query: string;
  /** Position among the matches, -1 before the first step. */
  current: number;
  total: number;
}

export interface LogToolbarProps {
  options: LogOptions;
  onOptions: (options: LogOptions) => void;
  search: LogSearchState;
  onQuery: (query: string) => void;
  onStep: (direction: 1 | -1) => void;
  downloadUrl: string;
  downloadName: string;
  /** Offered when the stream is not running. */
  onReconnect?: (() => void) | undefined;
}

/** The viewer's controls: what to read (follow, tail, since, previous, timestamps), search, download. */
export function LogToolbar(props: LogToolbarProps) {
  const { t } = useTranslation();
  const { options, onOptions, search } = props;
  const set = (change: Partial<LogOptions>) => onOptions({ ...options, ...change });

  return (
    <Flex wrap gap="middle" align="center" data-testid="log-toolbar">
      <Flex gap="small" align="center">
        <Switch
          checked={options.follow}
          onChange={(follow) => set({ follow })}
          aria-label={t('pods.logs.follow')}
          data-testid="log-follow"
        />
        <Typography.Text>{t('pods.logs.follow')}</Typography.Text>
      </Flex>
      <Select
        aria-label={t('pods.logs.tail')}
        data-testid="log-tail"
        value={String(options.tailLines)}
        style={{ width: 170 }}
        onChange={(value: string) =>
          set({ tailLines: value === 'all' ? 'all' : Number.parseInt(value, 10) })
        }
        options={TAIL_CHOICES.map((choice) => ({
          value: String(choice),
          label:
            choice === 'all'
              ? t('pods.logs.tailAll')
              : t('pods.logs.tailLast', { lines: choice.toLocaleString() }),
        }))}
      />
      <Select
        aria-label={t('pods.logs.since')}
        data-testid="log-since"
        value={options.sinceSeconds === undefined ? 'all' : String(options.sinceSeconds)}
        style={{ width: 160 }}
        onChange={(value: string) =>
          set({ sinceSeconds: value === 'all' ? undefined : Number.parseInt(value, 10) })
        }
        options={[
          { value: 'all', label: t('pods.logs.sinceAll') },
          ...SINCE_CHOICES.map((seconds) => ({
            value: String(seconds),
            label: t(`pods.logs.since${seconds}`),
          })),
        ]}
      />
      <Checkbox
        checked={options.previous}
        onChange={(event) => set({ previous: event.target.checked })}
        data-testid="log-previous"
      >
        {t('pods.logs.previous')}
      </Checkbox>
      <Checkbox
        checked={options.timestamps}
        onChange={(event) => set({ timestamps: event.target.checked })}
        data-testid="log-timestamps"
      >
        {t('pods.logs.timestamps')}
      </Checkbox>
      <Flex gap={4} align="center">
        <Input
          allowClear
          placeholder={t('pods.logs.search')}
          aria-label={t('pods.logs.search')}
          data-testid="log-search"
          value={search.query}
          style={{ width: 220 }}
          onChange={(event) => props.onQuery(event.target.value)}
          onPressEnter={(event) => props.onStep(event.shiftKey ? -1 : 1)}
        />
        <Tooltip title={t('pods.logs.previousMatch')}>
          <Button
            icon={<UpOutlined />}
            aria-label={t('pods.logs.previousMatch')}
            disabled={search.total === 0}
            onClick={() => props.onStep(-1)}
            data-testid="log-search-previous"
          />
        </Tooltip>
        <Tooltip title={t('pods.logs.nextMatch')}>
          <Button
            icon={<DownOutlined />}
            aria-label={t('pods.logs.nextMatch')}
            disabled={search.total === 0}
            onClick={() => props.onStep(1)}
            data-testid="log-search-next"
          />
        </Tooltip>
        {search.query !== '' && (
          <Typography.Text type="secondary" data-testid="log-search-count">
            {search.total === 0
              ? t('pods.logs.noMatches')
              : t('pods.logs.matchPosition', {
                  current: Math.max(search.current + 1, 0).toLocaleString(),
                  total: search.total.toLocaleString(),
                })}
          </Typography.Text>
        )}
      </Flex>
      <Button
        icon={<DownloadOutlined />}
        href={props.downloadUrl}
        download={props.downloadName}
        data-testid="log-download"
      >
        {t('pods.logs.download')}
      </Button>
      {props.onReconnect && (
        <Button icon={<ReloadOutlined />} onClick={props.onReconnect} data-testid="log-reconnect">
          {t('pods.logs.reconnect')}
        </Button>
      )}
    </Flex>
  );
}
