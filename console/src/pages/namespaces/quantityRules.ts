import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isQuantity, quantityValue, type Resource } from './quantity';
import type { Bound } from './namespaceValues';

/** Lower bound first: Kubernetes requires min ≤ defaultRequest ≤ default ≤ max. */
const ORDER: readonly (readonly [Bound, Bound])[] = [
  ['min', 'max'],
  ['min', 'defaultRequest'],
  ['min', 'default'],
  ['defaultRequest', 'default'],
  ['defaultRequest', 'max'],
  ['default', 'max'],
];

/** Empty, or a quantity of `resource` (translated message otherwise). */
export const quantityRule = (resource: Resource, t: TFunction): FormRule => ({
  validator: (_rule, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' || isQuantity(resource, text)
      ? Promise.resolve()
      : Promise.reject(new Error(t(`namespaces.validation.${resource}`)));
  },
});

/**
 * A limit range bound must respect the order of the type's other bounds. `path` is the name of
 * the type's group in the form, e.g. ['limits', 'container'].
 */
export function boundOrderRule(
  path: readonly (string | number)[],
  bound: Bound,
  resource: Resource,
  t: TFunction,
): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const own = quantityValue(resource, typeof value === 'string' ? value.trim() : '');
      if (own === undefined) return Promise.resolve();
      for (const [lower, upper] of ORDER) {
        if (lower !== bound && upper !== bound) continue;
        const other = bound === lower ? upper : lower;
        const text: unknown = getFieldValue([...path, other, resource]);
        const otherValue = quantityValue(resource, typeof text === 'string' ? text.trim() : '');
        if (otherValue === undefined) continue;
        const [low, high] = bound === lower ? [own, otherValue] : [otherValue, own];
        if (low > high) {
          return Promise.reject(
            new Error(
              t('namespaces.validation.order', {
                lower: t(`namespaces.limits.${lower}.${resource}`),
                upper: t(`namespaces.limits.${upper}.${resource}`),
              }),
            ),
          );
        }
      }
      return Promise.resolve();
    },
  });
}
