import { App, AutoComplete, Form, Input, Modal, Radio, Select, Spin, Typography } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../feedback/serverMessage';
import { NotAllowed, refusalOf } from '../../access/NotAllowed';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import {
  useLazySplitImageQuery,
  useListClusterRegistriesQuery,
  useListRepositoriesQuery,
  useListTagsQuery,
  useListTagsQuietlyQuery,
  useSearchDockerHubQuery,
} from '../../api/registryApi';
import {
  allowsFreeTyping,
  chooseRegistry,
  chosenImage,
  leavingNeedsConfirm,
  type ImageSelection,
} from './imageSelection';

/** Where the initial image lies: select mode when it splits into a registry of the cluster. */
function useInitialSelection(cluster: string | undefined, initial: string | undefined) {
  const [split] = useLazySplitImageQuery();
  const text = initial?.trim() ?? '';
  const [selection, setSelection] = useState<ImageSelection | undefined>(() => {
    if (!cluster) return { mode: 'input', text };
    return text === '' ? { mode: 'select', text: '' } : undefined;
  });
  useEffect(() => {
    if (!cluster || selection) return;
    split({ cluster, image: text })
      .unwrap()
      .then((parts) =>
        // An image of no known registry switches to input mode.
        setSelection(
          parts.registryId === null
            ? { mode: 'input', text }
            : {
                mode: 'select',
                registryId: parts.registryId,
                host: parts.host,
                image: parts.subPath ? `${parts.subPath}/${parts.image}` : parts.image,
                tag: parts.tag,
                text,
              },
        ),
      )
      .catch(() => setSelection({ mode: 'input', text }));
  }, [cluster, text, selection, split]);
  return [selection, setSelection] as const;
}

/** How long typing pauses before Docker Hub is searched. */
export const DOCKER_HUB_SEARCH_WAIT_MS = 300;
/** The tag an image starts with when none was chosen, as docker pull does. */
const DEFAULT_TAG = 'latest';

/** A field's one warning line, said under it instead of as a notice; nothing without `text`. */
function inlineWarning(testId: string, text: string | undefined) {
  return text === undefined
    ? {}
    : { validateStatus: 'warning' as const, help: <span data-testid={testId}>{text}</span> };
}

/** Select mode: registry → image → tag, from the cluster's registries (Docker Hub first). */
function SelectFields({
  cluster,
  selection,
  onChange,
}: {
  cluster: string;
  selection: ImageSelection;
  onChange: (next: ImageSelection) => void;
}) {
  const { t } = useTranslation();
  // The fields have no form names, so each label names its control through an id.
  const fieldId = useId();
  const ids = { registry: `${fieldId}-registry`, image: `${fieldId}-image`, tag: `${fieldId}-tag` };
  const [search, setSearch] = useState('');
  const registries = useListClusterRegistriesQuery(cluster);
  const free = allowsFreeTyping(selection.host);
  const registryId = selection.registryId;
  const repositories = useListRepositoriesQuery(registryId ?? '', { skip: !registryId || free });
  const settledSearch = useDebouncedValue(search.trim(), DOCKER_HUB_SEARCH_WAIT_MS);
  // Silent: a failed search shows one line under the field, not a notice per pause in typing.
  const hub = useSearchDockerHubQuery(settledSearch, { skip: !free || settledSearch === '' });
  const hubFailure = free && hub.error ? failureMessage(hub.error, t) : undefined;
  const registryTags = useListTagsQuery(
    { registryId: registryId ?? '', image: selection.image ?? '' },
    { skip: free || !registryId || !selection.image },
  );
  // On Docker Hub the image is typed: its tags are read once the typing pauses, and an image
  // Docker Hub does not have is said once under the tag field.
  const settledImage = useDebouncedValue(selection.image?.trim() ?? '', DOCKER_HUB_SEARCH_WAIT_MS);
  const hubTags = useListTagsQuietlyQuery(
    { registryId: registryId ?? '', image: settledImage },
    { skip: !free || !registryId || settledImage === '' },
  );
  const tags = free ? hubTags : registryTags;
  const tagsFailure = free && hubTags.error ? failureMessage(hubTags.error, t) : undefined;
  // A registry image starts at `latest` when the registry has that tag (the user may pick another).
  const hasLatest = (tags.currentData ?? []).some((item) => item.imageTags.includes(DEFAULT_TAG));
  useEffect(() => {
    if (!free && hasLatest && selection.image && !selection.tag) {
      onChange({ ...selection, tag: DEFAULT_TAG });
    }
  }, [free, hasLatest, selection, onChange]);
  const tagOptions = useMemo(
    () =>
      (tags.data ?? [])
        .flatMap((item) => item.imageTags)
        .map((tag) => ({ value: tag, label: tag })),
    [tags.data],
  );
  const imageOptions = free
    ? (hub.data?.items ?? []).map((item) => ({ value: item.slug, label: item.slug }))
    : (repositories.data ?? []).map((item) => ({
        value: item.repositoryName,
        label: item.repositoryName,
      }));

  const refused = [registries.error, repositories.error, tags.error].find(refusalOf);
  return (
    <Form layout="vertical">
      {refused !== undefined && <NotAllowed error={refused} />}
      <Form.Item label={t('registries.select.registry')} htmlFor={ids.registry}>
        <Select
          id={ids.registry}
          data-testid="image-select-registry"
          loading={registries.isFetching}
          value={registryId}
          placeholder={t('registries.select.registryPlaceholder')}
          options={(registries.data ?? []).map((registry) => ({
            value: registry.uuid,
            label: `${registry.name} (${registry.host})`,
          }))}
          onChange={(uuid: string) => {
            const registry = registries.data?.find((item) => item.uuid === uuid);
            if (registry) onChange(chooseRegistry(selection, registry));
          }}
        />
      </Form.Item>
      <Form.Item
        label={t('registries.select.image')}
        htmlFor={ids.image}
        {...inlineWarning(
          'docker-hub-search-failed',
          hubFailure && t('registries.select.searchFailed', { message: hubFailure }),
        )}
      >
        {free ? (
          <AutoComplete
            id={ids.image}
            data-testid="image-select-image"
            value={selection.image}
            options={imageOptions}
            placeholder="library/nginx"
            onSearch={setSearch}
            onChange={(image: string) => onChange({ ...selection, image, tag: DEFAULT_TAG })}
          />
        ) : (
          <Select
            id={ids.image}
            data-testid="image-select-image"
            showSearch
            disabled={!registryId}
            loading={repositories.isFetching}
            value={selection.image}
            options={imageOptions}
            onChange={(image: string) => onChange({ ...selection, image, tag: undefined })}
          />
        )}
      </Form.Item>
      <Form.Item
        label={t('registries.select.tag')}
        htmlFor={ids.tag}
        {...inlineWarning(
          'docker-hub-tags-failed',
          tagsFailure && t('registries.select.tagsFailed', { message: tagsFailure }),
        )}
      >
        {free ? (
          <AutoComplete
            id={ids.tag}
            data-testid="image-select-tag"
            value={selection.tag}
            options={tagOptions}
            placeholder="latest"
            onChange={(tag: string) => onChange({ ...selection, tag })}
          />
        ) : (
          <Select
            id={ids.tag}
            data-testid="image-select-tag"
            showSearch
            disabled={!selection.image}
            loading={tags.isFetching}
            value={selection.tag}
            options={tagOptions}
            onChange={(tag: string) => onChange({ ...selection, tag })}
          />
        )}
      </Form.Item>
    </Form>
  );
}

/**
 * The image select dialog (600px): pick registry → image → tag from the cluster's
 * registries, or type host/image:tag by hand. OK emits only a complete image;
 * leaving with an unchosen image asks first.
 */
export function ImageSelectDialog({
  open,
  initial,
  cluster,
  onChoose,
  onClose,
}: {
  open: boolean;
  initial: string | undefined;
  /** The application's cluster; without one only input mode is offered. */
  cluster?: string | undefined;
  /** The image, and the registry it was picked from in select mode. */
  onChoose: (image: string, registryId?: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [selection, setSelection] = useInitialSelection(cluster, initial);
  const chosen = selection && chosenImage(selection);
  const choose = () => {
    if (!chosen) return;
    if (selection.mode === 'select') onChoose(chosen, selection.registryId);
    else onChoose(chosen);
  };

  const close = () => {
    if (!selection || !leavingNeedsConfirm(selection, initial)) {
      onClose();
      return;
    }
    void modal.confirm({
      title: t('appForm.image.leaveTitle'),
      content: t('appForm.image.leaveMessage'),
      onOk: onClose,
    });
  };
  const inputText = selection?.mode === 'input' ? selection.text.trim() : '';

  return (
    <Modal
      open={open}
      width={600}
      title={t('appForm.image.title')}
      okText={t('appForm.image.choose')}
      okButtonProps={{ disabled: !chosen, 'data-testid': 'image-select-ok' }}
      onOk={choose}
      onCancel={close}
      destroyOnHidden
    >
      {!selection ? (
        <Spin />
      ) : (
        <>
          <Radio.Group
            value={selection.mode}
            style={{ marginBottom: 12 }}
            onChange={(event) =>
              setSelection({
                mode: event.target.value as ImageSelection['mode'],
                text: selection.text,
              })
            }
          >
            {cluster && (
              <Radio.Button value="select" data-testid="image-select-mode-select">
                {t('registries.select.selectMode')}
              </Radio.Button>
            )}
            <Radio.Button value="input" data-testid="image-select-mode-input">
              {t('appForm.image.inputMode')}
            </Radio.Button>
          </Radio.Group>
          {selection.mode === 'select' && cluster ? (
            <SelectFields cluster={cluster} selection={selection} onChange={setSelection} />
          ) : (
            <>
              <Input
                autoFocus
                aria-label={t('appForm.image.reference')}
                data-testid="image-select-input"
                value={selection.text}
                placeholder="registry.example.com/team/app:1.0"
                onChange={(event) => setSelection({ mode: 'input', text: event.target.value })}
                onPressEnter={choose}
                status={inputText !== '' && !chosen ? 'error' : undefined}
              />
              {inputText !== '' && !chosen && (
                <Typography.Text type="danger">{t('appForm.validation.image')}</Typography.Text>
              )}
            </>
          )}
        </>
      )}
    </Modal>
  );
}
