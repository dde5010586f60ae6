import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createRoot } from 'react-dom/client';
import { AntdApisBridge } from './AntdApisBridge';
import type { AntdFeedbackApis } from './antdApiFeedback';

/**
 * antd's App in a root of its own, for a screen that does not render antd (the sign-in screen)
 * but must still show SPEC §8's messages and notifications. It adds no markup of its own: the
 * messages and notifications antd draws go to the end of the body as usual.
 */
export function mountAntdFeedbackHost(antdLocale: Locale): Promise<AntdFeedbackApis> {
  const holder = document.createElement('div');
  document.body.append(holder);
  return new Promise((resolve) => {
    createRoot(holder).render(
      <ConfigProvider locale={antdLocale}>
        <App component={false}>
          <AntdApisBridge onReady={resolve} />
        </App>
      </ConfigProvider>,
    );
  });
}
