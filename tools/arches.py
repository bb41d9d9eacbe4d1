#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The arch table: the one place that says how each arch is built and booted.

Every tool that needs an arch's kernel ARCH, cross prefix, console, boot
image or Debian packages reads it from here: kunit/run, tools/bisect-run,
tools/check-mutex-o, tools/ordering-objs, tools/bench, tools/install-deps.

  arches.py names           the arch names, one line
  arches.py fields ARCH     KARCH|CROSS|CONSOLE|IMAGE, for
                            IFS='|' read -r karch cross console image
  arches.py packages        the Debian packages of every arch, one line

An unknown ARCH exits 1 with nothing on stdout (the caller says so in its
own words); a malformed table fails when it is loaded.
"""
import sys

# karch: the kernel's ARCH; cross: CROSS_COMPILE (empty: the host's gcc);
# console: the serial console QEMU's machine gives the guest ('' for UML);
# image: the boot image kunit.py's QEMU config boots, under the build dir;
# packages: what Debian must have installed to build and boot it.
ARCHES = {
    'x86_64': dict(karch='x86_64', cross='', console='ttyS0', image='arch/x86/boot/bzImage',
                   packages=['qemu-system-x86']),
    'i386': dict(karch='i386', cross='i686-linux-gnu-', console='ttyS0', image='arch/x86/boot/bzImage',
                 packages=['qemu-system-x86', 'gcc-i686-linux-gnu']),
    'arm': dict(karch='arm', cross='arm-linux-gnueabihf-', console='ttyAMA0', image='arch/arm/boot/zImage',
                packages=['qemu-system-arm', 'gcc-arm-linux-gnueabihf']),
    'arm64': dict(karch='arm64', cross='aarch64-linux-gnu-', console='ttyAMA0',
                  image='arch/arm64/boot/Image.gz', packages=['qemu-system-arm', 'gcc-aarch64-linux-gnu']),
    'riscv64': dict(karch='riscv', cross='riscv64-linux-gnu-', console='ttyS0', image='arch/riscv/boot/Image',
                    packages=['qemu-system-misc', 'gcc-riscv64-linux-gnu']),
    'um': dict(karch='um', cross='', console='', image='linux', packages=[]),
}
FIELDS = {'karch', 'cross', 'console', 'image', 'packages'}


def _check():
    for name, a in ARCHES.items():
        if set(a) != FIELDS:
            raise ValueError(f'arches.py: arch {name}: fields {sorted(a)}, want {sorted(FIELDS)}')
        if not all(isinstance(a[k], str) for k in FIELDS - {'packages'}) or \
                not all(isinstance(p, str) and p for p in a['packages']):
            raise ValueError(f'arches.py: arch {name}: malformed entry')
        if a['cross'] and not a['cross'].endswith('-'):
            raise ValueError(f'arches.py: arch {name}: cross prefix must end with -')


_check()


def get(name):
    """The entry of arch NAME; KeyError names the known arches."""
    try:
        return ARCHES[name]
    except KeyError:
        raise KeyError(f"unknown arch '{name}' (known: {' '.join(ARCHES)})") from None


def packages():
    return sorted({p for a in ARCHES.values() for p in a['packages']})


def main(argv):
    if argv == ['names']:
        print(' '.join(ARCHES))
    elif argv == ['packages']:
        print(' '.join(packages()))
    elif len(argv) == 2 and argv[0] == 'fields':
        if argv[1] not in ARCHES:
            return 1
        print('|'.join(ARCHES[argv[1]][k] for k in ('karch', 'cross', 'console', 'image')))
    else:
        print('usage: arches.py names | packages | fields ARCH', file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
