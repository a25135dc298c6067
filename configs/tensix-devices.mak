# QEMU device configuration for qemu-tensix: only the Tensix machines.
# Installed as configs/devices/riscv32-softmmu/tensix.mak and selected with
# configure --with-devices-riscv32=tensix (see scripts/prepare-qemu.sh).
CONFIG_TT_TENSIX=y
# -device loader: load files/values into any tile through the NoC view
CONFIG_GENERIC_LOADER=y
