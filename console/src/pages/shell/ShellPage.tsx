import { Alert, Button, Flex, Select, Tag, Typography } from 'antd';
import type { Terminal } from '@xterm/xterm';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiDependencies } from '../../apiClient/useApiDependencies';
import { ContainerScreen } from '../../pods/ContainerScreen';
import type { ContainerTarget } from '../../pods/podPaths';
import {
  execUrl,
  openExecSession,
  SHELLS,
  type ExecSession,
  type ShellName,
  type ShellState,
} from './execSession';
import { TerminalView } from './TerminalView';

const phaseColor = { connecting: 'processing', open: 'green', closed: 'default' } as const;

/** Why the shell ended, in words: the exit code, the member's status, the close reason. */
function ClosedNote({ state }: { state: Extract<ShellState, { phase: 'closed' }> }) {
  const { t } = useTranslation();
  if (!state.opened) {
    return (
      <Alert type="error" showIcon data-testid="shell-closed" title={t('pods.shell.notOpened')} />
    );
  }
  const failed = state.status?.status === 'Failure';
  const text =
    state.exitCode !== undefined
      ? t('pods.shell.exited', { code: state.exitCode })
      : failed
        ? t('pods.shell.failed', { message: state.status?.message ?? '' })
        : state.reason !== ''
          ? t('pods.shell.closedReason', { reason: state.reason, code: state.code })
          : t('pods.shell.closedPlain', { code: state.code });
  const clean = state.exitCode === 0 || (state.code === 1000 && !failed && state.reason === '');
  return (
    <Alert type={clean ? 'info' : 'warning'} showIcon data-testid="shell-closed" title={text} />
  );
}

function ShellConsole({ target }: { target: ContainerTarget }) {
  const { t } = useTranslation();
  const { baseUrl } = useApiDependencies();
  const [shell, setShell] = useState<ShellName>('sh');
  const [attempt, setAttempt] = useState(0);
  const [terminal, setTerminal] = useState<Terminal>();
  const [state, setState] = useState<ShellState>({ phase: 'connecting' });
  const session = useRef<ExecSession>(undefined);

  const onReady = useCallback((ready: Terminal) => {
    setTerminal(ready);
    return () => setTerminal(undefined);
  }, []);

  // The URL, not the target object: a new object with the same parts is the same shell.
  const url = execUrl(baseUrl, target, shell);
  useEffect(() => {
    if (!terminal) return;
    terminal.reset();
    const opened = openExecSession(url, terminal, setState);
    const resizing = terminal.onResize(({ cols, rows }) => opened.resize(cols, rows));
    session.current = opened;
    terminal.focus();
    return () => {
      resizing.dispose();
      opened.close();
    };
  }, [terminal, url, attempt]);

  const running = state.phase !== 'closed';
  return (
    <Flex vertical gap="small" style={{ flex: 1, minHeight: 0 }}>
      <Flex gap="middle" align="center" wrap data-testid="shell-toolbar">
        <Typography.Text>{t('pods.shell.command')}</Typography.Text>
        <Select
          aria-label={t('pods.shell.command')}
          data-testid="shell-choice"
          value={shell}
          style={{ width: 120 }}
          onChange={(value: ShellName) => setShell(value)}
          options={SHELLS.map((name) => ({ value: name, label: name }))}
        />
        <Tag color={phaseColor[state.phase]} data-testid="shell-state" data-phase={state.phase}>
          {t(`pods.shell.state.${state.phase}`)}
        </Tag>
        {state.phase === 'open' && state.protocol !== '' && (
          <Typography.Text type="secondary">
            {t('pods.shell.protocol', { protocol: state.protocol })}
          </Typography.Text>
        )}
        {running ? (
          <Button onClick={() => session.current?.close()} data-testid="shell-disconnect">
            {t('pods.shell.disconnect')}
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={() => setAttempt((n) => n + 1)}
            data-testid="shell-reconnect"
          >
            {t('pods.shell.reconnect')}
          </Button>
        )}
      </Flex>
      {state.phase === 'closed' && <ClosedNote state={state} />}
      <TerminalView onReady={onReady} />
    </Flex>
  );
}

/** `/shell/:name/:container?vendor&region&cluster&namespace`: a terminal in the container. */
export default function ShellPage() {
  const { t } = useTranslation();
  return (
    <ContainerScreen
      testId="shell-page"
      heading={(target) =>
        t('pods.shell.heading', { pod: target.pod, container: target.container })
      }
    >
      {(target) => <ShellConsole target={target} />}
    </ContainerScreen>
  );
}
