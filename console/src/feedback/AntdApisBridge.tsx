import { App } from 'antd';
import { useEffect } from 'react';
import type { AntdFeedbackApis } from './antdApiFeedback';

/** Hands the antd APIs of the enclosing `<App>` to code outside React (the API feedback). */
export function AntdApisBridge({ onReady }: { onReady: (apis: AntdFeedbackApis) => void }) {
  const apis = App.useApp();
  useEffect(() => {
    onReady(apis);
  }, [apis, onReady]);
  return null;
}
