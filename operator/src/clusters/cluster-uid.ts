/**
 * The uid of the Cluster (registration) an object was made for: on the RBAC objects projected
 * into its member and on favourites. Cluster names are reused after a delete; a uid never is, so
 * an object of a deleted Cluster is never taken for one of the next Cluster of that name.
 */
export const clusterUidLabel = 'nimbus.io/cluster-uid';
