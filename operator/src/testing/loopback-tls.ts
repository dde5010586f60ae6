/**
 * A self-signed certificate for 127.0.0.1 (valid until 2126), so loopback fakes can speak TLS
 * where an adapter insists on https. Test-only key material: it protects nothing.
 */
export const loopbackCertificate = `-----BEGIN CERTIFICATE-----
MIIBpTCCAUygAwIBAgIUC+qD4DVJd2ySBtEtP4nzJ7zyDWUwCgYIKoZIzj0EAwIw
HzEdMBsGA1UEAwwUbmltYnVzLXRlc3QtbG9vcGJhY2swIBcNMjYxMTIxMjEzMTA5
WhgPMjEyNjEwMjgyMTMxMDlaMB8xHTAbBgNVBAMMFG5pbWJ1cy10ZXN0LWxvb3Bi
YWNrMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEe3vGtVxll5p8voWMnPUHuUGY
Qkk15pvcw9/r2wNI172UZoMK/xTqd7BW8oZisaKXlBjHx4pMJtRjUqKinG89QaNk
MGIwHQYDVR0OBBYEFDkZsLi1tuUH/LMgluQXpCQHQ/FbMB8GA1UdIwQYMBaAFDkZ
sLi1tuUH/LMgluQXpCQHQ/FbMA8GA1UdEwEB/wQFMAMBAf8wDwYDVR0RBAgwBocE
fwAAATAKBggqhkjOPQQDAgNHADBEAiARPF3kHhlsPSe663bTluPWAhHP5cxqg8Xa
NBDv7jlVyQIgBVFD1LJ9isiFprE7WxrATZ9dpu1S1E/XobevBnlDUuY=
-----END CERTIFICATE-----
`;

export const loopbackKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQgnU58BGoB/i/NhM
1EXCGnLKov+OKi5W1O1y6r5/kWyhRANCAAR7e8a1XGWXmny+hYyc9Qe5QZhCSTXm
m9zD3+vbA0jXvZRmgwr/FOp3sFbyhmKxopeUGMfHikwm1GNSoqKcbz1B
-----END PRIVATE KEY-----
`;

/** The certificate as a kubeconfig's certificate-authority-data. */
export const loopbackCaData = Buffer.from(loopbackCertificate).toString('base64');
