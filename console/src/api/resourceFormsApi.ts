import type {
  BodyFor,
  ClusterLocation,
  ConfigItem,
  KubeObjectView,
  ResponseFor,
} from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';
import { k8sAt } from '../resources/location';
import { resourceTag } from './resourceApi';
import { ResponseCode } from '../constants';

const segment = encodeURIComponent;
const k8s = (path: string) => `${servicePath('k8s')}${path}`;
/** The operator's code for a name that is already taken: the forms answer it beside the name. */

/** A form's body with the cluster it goes to; namespaced kinds name their namespace too. */
export type Placed<B> = B & ClusterLocation;
type InNamespace<B> = Placed<B> & { namespace: string };

const post = (path: string, body: object) => ({ url: k8s(path), method: 'POST', body });
const inNamespace = ({ namespace, ...body }: { namespace: string }, collection: string) =>
  post(`/namespaces/${segment(namespace)}/${collection}`, body);
const created = { expectedCodes: [ResponseCode.conflict] } as const;

export const resourceFormsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Resource', 'ResourceList', 'ConfigItems'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listConfigMaps: build.query<ConfigItem[], ClusterLocation & { namespace: string }>({
        query: (at) => `${k8sAt(at)}/namespaces/${segment(at.namespace)}/configmaps`,
        transformResponse: (data: ResponseFor<'listConfigMaps'> | null) => data?.items ?? [],
        providesTags: ['ConfigItems'],
      }),
      listSecrets: build.query<ConfigItem[], ClusterLocation & { namespace: string }>({
        query: (at) => `${k8sAt(at)}/namespaces/${segment(at.namespace)}/secrets`,
        transformResponse: (data: ResponseFor<'listSecrets'> | null) => data?.items ?? [],
        providesTags: ['ConfigItems'],
      }),
      createConfigMap: build.mutation<KubeObjectView, InNamespace<BodyFor<'createConfigMap'>>>({
        query: (body) => inNamespace(body, 'configmaps'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      // SPEC §7 PUT k8s/namespaces/{namespace}/configmaps/{name}: data, labels and annotations.
      replaceConfigMap: build.mutation<KubeObjectView, InNamespace<BodyFor<'replaceConfigMap'>>>({
        query: ({ namespace, ...body }) => ({
          url: k8s(`/namespaces/${segment(namespace)}/configmaps/${segment(body.metadata.name)}`),
          method: 'PUT',
          body,
        }),
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
        query: (body) => inNamespace(body, 'secrets'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      createRegistrySecret: build.mutation<
        ConfigItem,
        InNamespace<BodyFor<'createRegistrySecret'>>
      >({
        query: (body) => inNamespace(body, 'registry/secrets'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      // The registry's stored login goes into the secret on the server; the form shows a
      // refusal beside the containers, so it raises no notification.
      createRegistryPullSecret: build.mutation<
        ConfigItem,
        InNamespace<BodyFor<'createRegistryPullSecret'>>
      >({
        query: (body) => inNamespace(body, 'registry/pull-secrets'),
        extraOptions: { silent: true },
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList', 'ConfigItems']),
      }),
      createService: build.mutation<KubeObjectView, InNamespace<BodyFor<'createService'>>>({
        query: (body) => inNamespace(body, 'services'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createIngress: build.mutation<KubeObjectView, InNamespace<BodyFor<'createIngress'>>>({
        query: (body) => inNamespace(body, 'ingresses'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createPersistentVolumeClaim: build.mutation<
        KubeObjectView,
        InNamespace<BodyFor<'createPersistentVolumeClaim'>>
      >({
        query: (body) => inNamespace(body, 'persistentvolumeclaims'),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createPersistentVolume: build.mutation<
        KubeObjectView,
        Placed<BodyFor<'createPersistentVolume'>>
      >({
        query: (body) => post('/persistentvolumes', body),
        extraOptions: created,
        invalidatesTags: (_r, error) => (error ? [] : ['ResourceList']),
      }),
      createStorageClass: build.mutation<KubeObjectView, Placed<BodyFor<'createStorageClass'>>>({
        query: (body) => post('/storageclasses', body),
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
  useCreateRegistrySecretMutation,
  useCreateRegistryPullSecretMutation,
  useCreateServiceMutation,
  useCreateIngressMutation,
  useCreatePersistentVolumeClaimMutation,
  useCreatePersistentVolumeMutation,
  useCreateStorageClassMutation,
} = resourceFormsApi;
