import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createRoot } from 'react-dom/client';
import { AntdApisBridge } from './AntdApisBridge';
import { startingThemeMode, systemReducedMotion } from '../theme/themePreference';
import { themeConfigOf } from '../theme/themeConfig';
import type { AntdFeedbackApis } from './antdApiFeedback';

/**
 * antd's App in a root of its own, for a screen that does not render antd (the sign-in screen)
 * but must still show the API's messages and notifications. It adds no markup of its own: the
 * messages and notifications antd draws go to the end of the body as usual.
 */
export interface AntdFeedbackHost {
  apis: AntdFeedbackApis;
  /** Removes the root and what it drew, so no notification timer outlives the console. */
  unmount: () => void;
}

export function mountAntdFeedbackHost(antdLocale: Locale): Promise<AntdFeedbackHost> {
  const holder = document.createElement('div');
  document.body.append(holder);
  const root = createRoot(holder);
  const unmount = () => {
    root.unmount();
    holder.remove();
  };
  return new Promise((resolve) => {
    root.render(
      <ConfigProvider
        locale={antdLocale}
        theme={themeConfigOf(startingThemeMode(), {
          motion: !(systemReducedMotion()?.matches ?? false),
        })}
      >
        <App component={false}>
          <AntdApisBridge onReady={(apis) => resolve({ apis, unmount })} />
        </App>
      </ConfigProvider>,
    );
  });
}
