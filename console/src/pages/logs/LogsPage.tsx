import { Alert, Flex, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionHeaders, useApiDependencies } from '../../apiClient/useApiDependencies';
import { ContainerScreen } from '../../pods/ContainerScreen';
import type { ContainerTarget } from '../../pods/podPaths';
import { LogBuffer } from './logBuffer';
import { LogLines } from './LogLines';
import { DEFAULT_LOG_OPTIONS, downloadName, logsUrl, type LogOptions } from './logOptions';
import { findMatches, stepMatch } from './logSearch';
import { LogToolbar } from './LogToolbar';
import { useLogStream, type LogPhase } from './useLogStream';

const phaseColor: Record<LogPhase, string> = {
  connecting: 'processing',
  streaming: 'green',
  ended: 'default',
  cut: 'warning',
  refused: 'error',
};

function LogViewer({ target }: { target: ContainerTarget }) {
  const { t } = useTranslation();
  const dependencies = useApiDependencies();
  const [options, setOptions] = useState<LogOptions>(DEFAULT_LOG_OPTIONS);
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(-1);
  // One buffer for the viewer's life; the stream fills it in place and redraws by its version.
  const [buffer] = useState(() => new LogBuffer());
  const headers = useMemo(() => sessionHeaders(dependencies), [dependencies]);
  const url = logsUrl(dependencies.baseUrl, target, options);
  const { feedback } = dependencies;
  const onTokenExpired = useCallback(() => feedback.tokenExpired(), [feedback]);
  const stream = useLogStream(url, headers, buffer, attempt, onTokenExpired);

  const matches = useMemo(
    () => findMatches(buffer, query),
    // The buffer changes in place; its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [buffer, query, stream.version],
  );
  const activeLine = current >= 0 && current < matches.length ? (matches[current] ?? -1) : -1;
  const phaseKey = stream.phase === 'streaming' && options.follow ? 'following' : stream.phase;
  const running = stream.phase === 'connecting' || stream.phase === 'streaming';

  return (
    <Flex vertical gap="small" style={{ flex: 1, minHeight: 0 }}>
      <LogToolbar
        options={options}
        onOptions={(next) => {
          setOptions(next);
          setCurrent(-1);
        }}
        search={{ query, current, total: matches.length }}
        onQuery={(next) => {
          setQuery(next);
          setCurrent(-1);
        }}
        onStep={(direction) => setCurrent(stepMatch(current, matches.length, direction))}
        downloadUrl={logsUrl(dependencies.baseUrl, target, options, 'download')}
        downloadName={downloadName(target)}
        onReconnect={running ? undefined : () => setAttempt((n) => n + 1)}
      />
      <Flex gap="small" align="center" wrap>
        <Tag color={phaseColor[stream.phase]} data-testid="log-phase" data-phase={stream.phase}>
          {t(`pods.logs.phase.${phaseKey}`)}
        </Tag>
        <Typography.Text type="secondary" data-testid="log-line-count">
          {t('pods.logs.lineCount', { lines: buffer.length.toLocaleString() })}
        </Typography.Text>
      </Flex>
      {buffer.dropped > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="log-dropped"
          title={t('pods.logs.dropped', {
            kept: buffer.capacity.toLocaleString(),
            dropped: buffer.dropped.toLocaleString(),
          })}
        />
      )}
      {stream.phase === 'cut' && (
        <Alert type="warning" showIcon data-testid="log-cut" title={t('pods.logs.cutText')} />
      )}
      {stream.phase === 'refused' && (
        <Alert
          type="error"
          showIcon
          data-testid="log-refused"
          title={t('pods.logs.refusedText', { message: stream.message ?? '' })}
        />
      )}
      {buffer.length === 0 && stream.phase !== 'refused' ? (
        <Typography.Text type="secondary" data-testid="log-empty">
          {t('pods.logs.empty')}
        </Typography.Text>
      ) : (
        <LogLines
          lines={buffer}
          version={stream.version}
          query={query}
          activeLine={activeLine}
          stickToBottom={options.follow && activeLine < 0}
        />
      )}
    </Flex>
  );
}

/** `/logs/:name/:container?vendor&region&cluster&namespace`: a container's log, streamed. */
export default function LogsPage() {
  const { t } = useTranslation();
  return (
    <ContainerScreen
      testId="logs-page"
      heading={(target) => t('pods.logs.heading', { pod: target.pod, container: target.container })}
    >
      {(target) => <LogViewer target={target} />}
    </ContainerScreen>
  );
}
