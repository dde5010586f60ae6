import { theme } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { highlightSegments, type LineLike } from './logSearch';

/** Every line is one row of this height (no wrapping): the list is a window onto them. */
const LINE_HEIGHT = 18;
/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 20;
/** Until the viewport is measured (and where nothing is laid out, as in tests). */
const FALLBACK_VIEWPORT = 600;

export interface LogLinesProps {
  lines: LineLike;
  /** Changes whenever the lines do; the list redraws on it. */
  version: number;
  query: string;
  /** The line of the current search match, scrolled into view; -1 for none. */
  activeLine: number;
  /** Keep the newest line in view while the reader is at the bottom. */
  stickToBottom: boolean;
}

const rowStyle = (index: number): CSSProperties => ({
  position: 'absolute',
  top: index * LINE_HEIGHT,
  left: 0,
  minWidth: '100%',
  height: LINE_HEIGHT,
  lineHeight: `${LINE_HEIGHT}px`,
  whiteSpace: 'pre',
  paddingInline: 12,
  boxSizing: 'border-box',
});

function LogLine({ text, query, active }: { text: string; query: string; active: boolean }) {
  return (
    <>
      {highlightSegments(text, query).map((segment, index) =>
        segment.match ? (
          <mark
            key={index}
            style={{ background: active ? '#fa8c16' : '#ffe58f', color: '#000', padding: 0 }}
          >
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/**
 * A log's lines, drawn only where the reader looks: the DOM holds the visible rows (and a few
 * more) whether the log has a hundred lines or a hundred thousand.
 */
export function LogLines({ lines, version, query, activeLine, stickToBottom }: LogLinesProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_VIEWPORT);
  const atBottom = useRef(true);
  const count = lines.length;

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight || FALLBACK_VIEWPORT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // New lines: follow them if the reader was at the bottom.
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || !stickToBottom || !atBottom.current) return;
    element.scrollTop = count * LINE_HEIGHT;
    setScrollTop(Math.max(0, count * LINE_HEIGHT - height));
  }, [version, count, stickToBottom, height]);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || activeLine < 0) return;
    const top = Math.max(0, activeLine * LINE_HEIGHT - height / 2);
    element.scrollTop = top;
    atBottom.current = false;
    setScrollTop(top);
  }, [activeLine, height]);

  const first = Math.max(0, Math.floor(scrollTop / LINE_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / LINE_HEIGHT) + OVERSCAN);
  const rows = [];
  for (let index = first; index < last; index++) {
    rows.push(
      <div
        key={index}
        style={{
          ...rowStyle(index),
          ...(index === activeLine ? { background: token.colorWarningBg } : {}),
        }}
        data-testid="log-line"
        data-line={index}
      >
        <LogLine text={lines.line(index)} query={query} active={index === activeLine} />
      </div>,
    );
  }

  return (
    <div
      ref={viewport}
      data-testid="log-lines"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current =
          element.scrollTop + element.clientHeight >= element.scrollHeight - LINE_HEIGHT;
        setScrollTop(element.scrollTop);
      }}
      style={{
        flex: 1,
        minHeight: 0,
        overflow: 'auto',
        position: 'relative',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 12,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 6,
      }}
    >
      <div style={{ height: count * LINE_HEIGHT, position: 'relative' }}>{rows}</div>
    </div>
  );
}
