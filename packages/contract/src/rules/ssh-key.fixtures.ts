/**
 * Real OpenSSH public keys made with ssh-keygen (OpenSSH 9.2) for tests, with the fingerprints
 * `ssh-keygen -lf` printed for them. The private halves were thrown away.
 */

/** A generated key, its size and its `ssh-keygen -l` fingerprint. */
export interface SshKeyFixture {
  line: string;
  type: string;
  bits: number;
  fingerprint: string;
}

const key = (line: string, bits: number, fingerprint: string): SshKeyFixture => ({
  line,
  type: line.split(' ')[0]!,
  bits,
  fingerprint,
});

export const TEST_KEYS = {
  ed25519: key(
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILnicRmH8h0ww9yFY/Kmm893iagvgMIQR06JX8HYIO44 test-ed25519@portside',
    256,
    'SHA256:WhEAIY7EqUy/C0EeMXqEaJ1QtfC8cJR+II4pq38ZGv8',
  ),
  ed25519Deploy: key(
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINHoXuybzldBxoUs+ef/zx/ISIZ/AufDzBpSyf9azmXp ci-deploy',
    256,
    'SHA256:FIbabtbO+XzCXUQwmkyw3XTwLW3KVDMPdvqje+609l4',
  ),
  ed25519NoComment: key(
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFboDpJmcUGRnjDYfBOVo0anme6P2glvelXaIQZY7p2W',
    256,
    'SHA256:p2/zJ/19fZS7UD2iIfGPOecVgGFMjAWN7C6j2TGa2Eg',
  ),
  ecdsa256: key(
    'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBBtZjRPHCfLt8vCo3xkpaFztkZiQpsuYv++0D7VKcAS4N/RXekZUdJgiLnmcxNndz2GBBjutQoHd/UV+P20rgBU= test-ecdsa-b256@portside',
    256,
    'SHA256:+VH1nSQ7m382eZ+1c8k1YfRpiz7AGwtvNDwUesnXEkA',
  ),
  ecdsa384: key(
    'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBFu+oXxcv5hJF7kFQDt0yxON6ZdxrsZuWkfX1YIsNCJWRKvx+AbOpG9yZou0Q9pXkIww95LucEL4VvPXd2fkzzDYGgWZ6KvIDhwIAGIGU7T6bH8fp4dNqGpeLnEYwvEarA== test-ecdsa-b384@portside',
    384,
    'SHA256:PaQAopzjVJjyVKTx+QNjidaq3H7zypdpCLtnG3eEDbI',
  ),
  ecdsa521: key(
    'ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBADM3PJK9tG2eW5R9suPtqsAhXnoKnhGEkkK2CeKYxdcvVhQ1fzkQT8pjeiLZR0x1+Zjicxk5qJs12SIYl+5Ck9oaAH1xWaQf9Xx3sE903yDUCMdApfbuxVuBZEFHBH8QKB5aZzCKGq9Ht5eNjursBJlE4ULm59XF87K68Q9gs7DGdksRg== test-ecdsa-b521@portside',
    521,
    'SHA256:2fOI9EozWuLQ+wVEneHRZwXXl/g1uhHcqO9fS+rSZGs',
  ),
  rsa1024: key(
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDWcynxwAUnO9pmwMd0o2fCQzTu+N3NpNGUXGyrC+Fhz+mwoPlz7L+Rx8VBtDPwjpBpvVAqapAgG3iU8DaP8/EnYk6qdNZ4LQ/hhEgPt8q0UZbm6OF8O6gdGw519bOx51v+KvQjLcJ4sYioxk/XB5CLEJ5rYEUzpB2jPhp/CTd/qQ== test-rsa-b1024@portside',
    1024,
    'SHA256:z6fi8HKMPnaEalD93G7xdKsNufzq8lljyloxmxhpALo',
  ),
  rsa2048: key(
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCuCJL+VUXorT4Q8RealNTZThfvhq5VkAKyCFM1zSzyMA/6BuY2BhyRUDOaqzzebG39uao9VpYGCMnvHrzGV7nmAE0riFI/qMwS4ZP4jtIl9KY6mEodl4LPinf9lXf5YvIvLLmfyNNQ7mxL3VB5IT8sreLRw6yF5CbefcSCq9agOAvA/2yhhLQ5Ka5ULLC6c+NPab4IDw4rC3LzfvIPtgW6pj7/zTo0Gt0ofQRiV81Zm2rpTzSz9mHFk8U2YUaBYI3QT+78nWD00C1XEiN5Ae1dpH9adMekMIVoLhh875UeR66MatzlP9odJe8zQglNEcabsmxSNdQ2Q1oP5S8k4pzn test-rsa-b2048@portside',
    2048,
    'SHA256:85SIQAvFPLNex4V+9zHodO2gMBBgPWoOGyyfqzQ1sr8',
  ),
  rsa3072: key(
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQCM9I3Ipi7DXWwayHtQ97Dmwyocp1QIbX39znXyfJEIA+G1NvgIvuyb6gV94phx+MO+UPE+vDc5SBTwXKlkhlZVTlPEewZ1MOD3SMZpk/lEKt7knVTR3gMixaSKVhqIntuvDOcHlDhKukVnZpMShIfK8i+900vx8703mjk62gNbtRbEH71puH58h1oUFNfn4UzDyuSNmwgYslC0woVW30vsDyqFIoEDXNLAqhAgg/ZGTLnR0vxlxiiIbQJvOQSTB7qYSEM2byqonndZhBnxOWW+0fbaKlJEbeL1Z+yrPFSYxOl9pnfiI+ALNSGt3xHufxf4QkA5W5vaHoZyyfJVdkOaellGTOLisbLs8W5QJYQTFeN8vJ3Tqe/2UZV1JKVyNSx3OjZ+R9zD62kb0bOIMEkxWgeMLbuMVTX0GUn7Sw4zuf7wT4/YgFGA8uW/G1gmQPgxTq3E6lVMCFo+bQJv4uB96PlY13dIrvqKmSodbJBX1RuU6UsqrtiCfffY7CF8JtM= test-rsa-b3072@portside',
    3072,
    'SHA256:JXcc7ZHUkSmK5olibX8yBm/O9fXM91s7ib2QPn2n/+I',
  ),
  rsa4096: key(
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQCg58kQFWuU1uddjRljL5OXh8sB5/RDxQZP/KabK14KLluZnE09D4fP3+3x/WpyZCPNQMjs4X3T25e7og3y0sq5vGhbNwIOzSkSIv9dLa9gtdxq1vwSrTbgum00M+ifg/Xs26KKFdp8xEfBa9GtOnxMC5XxRDeOAg4HiQxm3UAm+aj4w93d07/0OrhzyL22eQasp+t26f/+SExSeYFQWreX0ygGYDm4dBfo4hPiXqa3+gULIuKy2pUcQJliZ0RkN2kHrXk4gdsDYjIo8HFvjGSQm6RtfcbnAN4aHHZT9CEfFyKEjNC936q//oipXjMqM2A8HnGHGuUOgoQqR3VPkXFlCPAmaBe7dXyO4Md9ThcbKf/q5cArOxYXNb17slfQQW/umc78phDmfywd/YbxSnxQJDi1Yq4OuYgiM0GvrZOcUMaQLIupe/Ieal9fRdYojFOzsTM2UWu+fKWahNbo6m5amPIyzyzkDubD2gfOEQ8+YYAw2JEbpXW2g2W0o+VLB3eYpAAfvkEEuTr1NNoM4IUkttdLsDhnfSGKRZhLddhVzI9B72VEKciRWzm6MItdRn1H6cHrETWRJglPS4XUsWjnj1xjccJT8K6VP0QSIWWeVZjwT4ISqQ152V9ZthDKcRdqYq1Wk4Eu6fKaUOsO3NjyG/I6LpXFVdFytOm6LSoPYQ== test-rsa-b4096@portside',
    4096,
    'SHA256:Vcr7AmpnZzhWf6/F+P0j8RFf98lIcY7S4VMcfpYAGNo',
  ),
  dsa: key(
    'ssh-dss AAAAB3NzaC1kc3MAAACBAIn5dOiQaLA5BQQqrkaFrnGrjWQn1XM7H6KjqGkjV+22ZFDO0259z1ivZlihHi3vsi7IwZqSOJ1aAf8fzIq0VF72S2IYVKkXjdof42+SvKz/RTp8J3u1Q9D83Z2nctyHR+k+7z+25IsNNqNf457gNGnG1gKJOzY61hQY75clLALxAAAAFQDdwOJttOoHbjHFkzKqbPzGI4mdSQAAAIBgedjBMZAqCTMMRN4SBIG7ZX2hQfkGxhujY9YRGclPyhvl40FYMjaCN+qeLS3xyDkbZggd+6Q0UbmHpTh+N39cd/0ZX5w37xqL5umtUGYrN/JM83zXYpJuCPg49Pa/jE3mZW+aW0MxRlDTgRuxgrGQMRQSxWyVGZYKjDMTolsVZwAAAIEAgYeTXBhrkZP6NgnlpaJ9cvk7hm5UA4QxHoGihCv76Jw4l79zuXTdhrRRCgkhg8zFtVgBtF9pNmncGv+Lk0G74DMjOpXenPdW6OpSkDoy2ei1Ybp6jNo00Bbrx4qxsT+arfuYZjkmCKhJ1ZCzjBW/C4XIByRCry9FR7/pgnamH2s= test-dsa@portside',
    1024,
    'SHA256:AKIPROx4jw06lZjAP3nK6nLRfgcxr7oI5kNgz5bIsUY',
  ),
} as const;
