// An image-registry secret: the .dockerconfigjson Kubernetes and container runtimes read.
import type { RegistrySecretInput, SecretInput } from '@nimbus/api';

/** The Secret object the registry form describes; the password exists only inside its data. */
export function registrySecret(input: RegistrySecretInput): SecretInput {
  const auth = Buffer.from(`${input.username}:${input.password}`).toString('base64');
  const entry = {
    username: input.username,
    password: input.password,
    ...(input.email ? { email: input.email } : {}),
    auth,
  };
  const config = JSON.stringify({ auths: { [input.server]: entry } });
  return {
    metadata: {
      name: input.name,
      ...(input.labels ? { labels: input.labels } : {}),
      ...(input.annotations ? { annotations: input.annotations } : {}),
    },
    type: 'kubernetes.io/dockerconfigjson',
    data: { '.dockerconfigjson': Buffer.from(config).toString('base64') },
  };
}
