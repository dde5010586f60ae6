import type { BodyFor, ClusterLocation, ResponseFor } from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import type { ResourceAddress } from '../apiClient/requestArgs';
import { endpointRequest } from '../apiClient/endpointUrl';
import { resourceTag } from './resourceApi';
import { ResponseCode } from '../constants';
import { envelopeCodeOf } from '../apiClient/envelope';

/** An import into `namespace` (the default for documents that name none) of a cluster. */
export interface ImportRequest extends ClusterLocation {
  namespace: string;
  body: BodyFor<'importYaml'>;
}

export interface ReplaceRequest {
  address: ResourceAddress;
  object: BodyFor<'replaceResource'>;
}

export const yamlApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Resource', 'ResourceList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      importYaml: build.mutation<ResponseFor<'importYaml'>, ImportRequest>({
        query: ({ namespace, body, ...location }) =>
          endpointRequest('importYaml', { ...location, namespace }, body),
        invalidatesTags: (result) => (result && !result.dryRun ? ['ResourceList'] : []),
      }),
      // The editor explains a conflict itself, beside the diff.
      replaceResource: build.mutation<ResponseFor<'replaceResource'>, ReplaceRequest>({
        query: ({ address, object }) =>
          endpointRequest('replaceResource', { ...address, kind: address.plural }, object, {
            namespace: address.namespace || undefined,
          }),
        extraOptions: { expectedCodes: [ResponseCode.conflict] },
        // After a conflict the detail page reads the object again, so the next edit starts
        // from the current version.
        invalidatesTags: (_result, error, { address }) =>
          !error
            ? [resourceTag(address), 'ResourceList']
            : envelopeCodeOf(error) === ResponseCode.conflict
              ? [resourceTag(address)]
              : [],
      }),
    }),
  });

export const { useImportYamlMutation, useReplaceResourceMutation } = yamlApi;
