import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CardListProps {
  /** The form list's field name, e.g. 'ports'. */
  name: string;
  /** The card's title for the entry at `index` (from 1). */
  title: (index: number) => string;
  addLabel: string;
  /** What a new entry starts with. */
  blank: object;
  /** At least one entry stays (its remove button is disabled). */
  keepOne?: boolean;
  /** The fields of one entry; `field` is its index in the list, `all` every index. */
  children: (field: number, all: number[]) => ReactNode;
}

/** A form list shown as cards, each with its remove button, and an add button below. */
export function CardList({ name, title, addLabel, blank, keepOne, children }: CardListProps) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Card
              key={field.key}
              size="small"
              style={{ marginBottom: 12 }}
              title={title(field.name + 1)}
              extra={
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('resourceForms.fields.removeEntry', {
                    entry: title(field.name + 1),
                  })}
                  disabled={keepOne === true && fields.length === 1}
                  onClick={() => remove(field.name)}
                />
              }
            >
              {children(
                field.name,
                fields.map((other) => other.name),
              )}
            </Card>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add(blank)} style={{ marginBottom: 24 }}>
            {addLabel}
          </Button>
        </>
      )}
    </Form.List>
  );
}
