import type { KubeObjectView } from '@nimbus/api';
import { kindDeclaration } from '@nimbus/api/shared';
import { baseApi } from '../apiClient/baseApi';
import { deleteRequest, type DeleteTarget } from '../resources/deleteCalls';
import { namespaceListTag } from './namespaceApi';
import { resourceTag } from './resourceApi';

/** What a deletion changes: the object's live read, the lists, and the lists of its kind's forms. */
export const deletedTags = (target: DeleteTarget) => [
  resourceTag({ ...target, plural: kindDeclaration(target.kind).plural }),
  'ResourceList' as const,
  'ConfigItems' as const,
  ...(target.kind === 'Namespace' ? [namespaceListTag(target)] : []),
];

/** The one delete of every deletable listed kind, as the caller. */
export const deleteApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Resource', 'ResourceList', 'ConfigItems', 'Namespace'] })
  .injectEndpoints({
    endpoints: (build) => ({
      deleteResource: build.mutation<KubeObjectView, DeleteTarget>({
        query: deleteRequest,
        invalidatesTags: (_result, error, target) => (error ? [] : deletedTags(target)),
      }),
      // One of a batch: the batch invalidates once when it has finished (BatchDeleteDialog).
      deleteOneOfBatch: build.mutation<KubeObjectView, DeleteTarget>({
        query: deleteRequest,
      }),
    }),
  });
