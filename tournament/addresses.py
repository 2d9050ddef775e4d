"""Where the phones reach the laptop: the address to print and the host names to allow.

``make run`` serves 127.0.0.1 (this laptop only) by default. With ``HOST=0.0.0.0`` it listens on
every network of the laptop, and the phones on the club's Wi-Fi open the laptop's own address
(``http://192.168.1.20:8000/``): so that address, found here when the server starts, must be in
ALLOWED_HOSTS, and it is the one printed, so that the director opens the pages there and the table
cards' QR codes point where the phones can go.

    python -m tournament.addresses url HOST PORT    # the address to open
    python -m tournament.addresses hosts HOST       # ALLOWED_HOSTS, comma-separated

Standard library only: this runs before Django's settings are loaded.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import subprocess
import sys

LOCAL = ["127.0.0.1", "localhost", "[::1]"]
EVERYWHERE = {"0.0.0.0", "::", ""}


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks, the one with the default route first."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, contextlib.suppress(OSError):
        # Connecting a UDP socket sends nothing; it only picks the interface a packet would leave by.
        probe.connect(("10.254.254.254", 1))
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        # Linux: every address of every interface (a laptop on Wi-Fi and on a cable has two).
        found += subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    return list(dict.fromkeys(address for address in found if _reachable(address)))


def allowed_hosts(host: str, lan: list[str]) -> list[str]:
    """The names a browser may use for this server when it listens on ``host``."""
    if host in EVERYWHERE:
        name = socket.gethostname()
        # name.local: phones that speak mDNS (iPhones, recent Android) find the laptop by its name.
        return list(dict.fromkeys([*lan, name, f"{name}.local", *LOCAL]))
    return list(dict.fromkeys([host, *LOCAL]))


def url(host: str, port: str, lan: list[str]) -> str:
    """The address to print: the laptop's Wi-Fi address when listening everywhere."""
    shown = (lan[0] if lan else "127.0.0.1") if host in EVERYWHERE else host
    return f"http://{shown}:{port}/"


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in {"url", "hosts"} or (argv[0] == "url" and len(argv) != 3):
        print(__doc__, file=sys.stderr)
        return 2
    host = argv[1]
    lan = lan_addresses() if host in EVERYWHERE else []
    if host in EVERYWHERE and not lan:
        print(
            "No network address found: the phones cannot reach this laptop. Join the club's Wi-Fi "
            "and start again.",
            file=sys.stderr,
        )
    print(url(host, argv[2], lan) if argv[0] == "url" else ",".join(allowed_hosts(host, lan)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
