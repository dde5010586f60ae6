import type {
  BodyFor,
  ClusterLocation,
  ConfigItem,
  KubeObjectView,
  ResponseFor,
} from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';
import { resourceTag } from './resourceApi';
import { ResponseCode } from '../constants';

/** The operator's code for a name that is already taken: the forms answer it beside the name. */

/** A form's body with the cluster it goes to; namespaced kinds name their namespace too. */
export type Placed<B> = B & ClusterLocation;
type InNamespace<B> = Placed<B> & { namespace: string };

/** The creations addressed by namespace alone (the body names the cluster). */
type NamespacedCreation =
  | 'createConfigMap'
  | 'createSecret'
  | 'createRegistrySecret'
  | 'createRegistryPullSecret'
  | 'createService'
  | 'createIngress'
  | 'createPersistentVolumeClaim';

const inNamespace = ({ namespace, ...body }: { namespace: string }, id: NamespacedCreation) =>
  endpointRequest(id, { namespace }, body as BodyFor<NamespacedCreation>);
const created = { expectedCodes: [ResponseCode.conflict] } as const;

export const resourceFormsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Resource', 'ResourceList', 'ConfigItems'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listConfigMaps: build.query<ConfigItem[], ClusterLocation & { namespace: string }>({
        query: (at) => endpointRequest('listConfigMaps', at),
        transformResponse: (data: ResponseFor<'listConfigMaps'> | null) => data?.items ?? [],
        providesTags: ['ConfigItems'],
      }),
      listSecrets: build.query<ConfigItem[], ClusterLocation & { namespace: string }>({
        query: (at) => endpointRequest('listSecrets', at),
        transformResponse: (data: ResponseFor<'listSecrets'> | null) => data?.items ?? [],
        providesTags: ['ConfigItems'],
      }),
      createConfigMap: build.mutation<KubeObjectView, InNamespace<BodyFor<'createConfigMap'>>>({
        query: (body) => inNamespace(body, 'createConfigMap'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      // PUT k8s/namespaces/{namespace}/configmaps/{name}: data, labels and annotations.
      replaceConfigMap: build.mutation<KubeObjectView, InNamespace<BodyFor<'replaceConfigMap'>>>({
        query: ({ namespace, ...body }) =>
          endpointRequest('replaceConfigMap', { namespace, name: body.metadata.name }, body),
        invalidatesTags: (_r, error, body) =>
          error
            ? []
            : [
                resourceTag({ ...body, plural: 'configmaps', name: body.metadata.name }),
                'ResourceList',
                'ConfigItems',
              ],
      }),
      createSecret: build.mutation<ConfigItem, InNamespace<BodyFor<'createSecret'>>>({
        query: (body) => inNamespace(body, 'createSecret'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      // GET …/secrets/{name}: its type and keys, never its values.
      getSecretKeys: build.query<ConfigItem, ClusterLocation & { namespace: string; name: string }>(
        {
          query: (at) => endpointRequest('getSecret', at),
          providesTags: ['ConfigItems'],
        },
      ),
      // PATCH …/secrets/{name}/values: write-only; the answer names the keys it now has.
      updateSecretValues: build.mutation<
        ConfigItem,
        ClusterLocation & { namespace: string; name: string; body: BodyFor<'updateSecretValues'> }
      >({
        query: ({ body, ...at }) => endpointRequest('updateSecretValues', at, body),
        invalidatesTags: (_r, error, { body: _body, ...at }) =>
          error ? [] : [resourceTag({ ...at, plural: 'secrets' }), 'ConfigItems'],
      }),
      createRegistrySecret: build.mutation<
        ConfigItem,
        InNamespace<BodyFor<'createRegistrySecret'>>
      >({
        query: (body) => inNamespace(body, 'createRegistrySecret'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      // The registry's stored login goes into the secret on the server; the form shows a
      // refusal beside the containers, so it raises no notification.
      createRegistryPullSecret: build.mutation<
        ConfigItem,
        InNamespace<BodyFor<'createRegistryPullSecret'>>
      >({
        query: (body) => inNamespace(body, 'createRegistryPullSecret'),
        extraOptions: { silent: true },
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      createService: build.mutation<KubeObjectView, InNamespace<BodyFor<'createService'>>>({
        query: (body) => inNamespace(body, 'createService'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createIngress: build.mutation<KubeObjectView, InNamespace<BodyFor<'createIngress'>>>({
        query: (body) => inNamespace(body, 'createIngress'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createPersistentVolumeClaim: build.mutation<
        KubeObjectView,
        InNamespace<BodyFor<'createPersistentVolumeClaim'>>
      >({
        query: (body) => inNamespace(body, 'createPersistentVolumeClaim'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createPersistentVolume: build.mutation<
        KubeObjectView,
        Placed<BodyFor<'createPersistentVolume'>>
      >({
        query: (body) => endpointRequest('createPersistentVolume', {}, body),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createStorageClass: build.mutation<KubeObjectView, Placed<BodyFor<'createStorageClass'>>>({
        query: (body) => endpointRequest('createStorageClass', {}, body),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
    }),
  });

export const {
  useListConfigMapsQuery,
  useListSecretsQuery,
  useCreateConfigMapMutation,
  useReplaceConfigMapMutation,
  useCreateSecretMutation,
  useGetSecretKeysQuery,
  useUpdateSecretValuesMutation,
  useCreateRegistrySecretMutation,
  useCreateRegistryPullSecretMutation,
  useCreateServiceMutation,
  useCreateIngressMutation,
  useCreatePersistentVolumeClaimMutation,
  useCreatePersistentVolumeMutation,
  useCreateStorageClassMutation,
} = resourceFormsApi;
