import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrganizationNote } from '../forms/OrganizationNote';

export interface AdminFormPageProps<V> {
  title: string;
  testId: string;
  /** The list this form belongs to; also where Cancel goes. */
  backPath: string;
  /** The record to edit is still loading: the form appears once its values are known. */
  loading?: boolean;
  initialValues?: Partial<V>;
  /** Shows the values without a way to change them (built-in roles). */
  readOnly?: boolean;
  /** Says which organization the record belongs to (it is created in the current one). */
  inOrganization?: boolean;
  submitting: boolean;
  onFinish: (values: V) => void;
  children: ReactNode;
}

/** The one create/edit screen of the admin area: back link, title, vertical form, submit. */
export function AdminFormPage<V extends object>(props: AdminFormPageProps<V>) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="middle" style={{ padding: 24, maxWidth: 880 }}>
      <Space align="center">
        <Link to={props.backPath} aria-label={t('admin.common.back')}>
          <ArrowLeftOutlined />
        </Link>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
      </Space>
      {props.inOrganization && <OrganizationNote />}
      {props.loading ? (
        <Spin />
      ) : (
        <Form<V>
          layout="vertical"
          data-testid={props.testId}
          name={props.testId}
          initialValues={props.initialValues}
          disabled={props.readOnly}
          onFinish={props.onFinish}
          scrollToFirstError
        >
          {props.children}
          <Space>
            {!props.readOnly && (
              <Button type="primary" htmlType="submit" loading={props.submitting}>
                {t('admin.common.submit')}
              </Button>
            )}
            <Link to={props.backPath}>{t('admin.common.cancel')}</Link>
          </Space>
        </Form>
      )}
    </Flex>
  );
}
