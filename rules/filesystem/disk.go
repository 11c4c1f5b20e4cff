package filesystem

import (
	"strings"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// diskRows judge the tools that work below the filesystem: partition
// tables, block devices, volume managers, RAID, encryption and pooled
// filesystems. What they destroy is everything on a device or volume.
func diskRows() []rules.Rule {
	list := rules.Flag("l", "list", "d", "dump", "p", "print")
	rows := []rules.Rule{
		row("disk.blkdiscard", "blkdiscard", rules.Not(help), model.TierUnrecoverable, "discards every block of the device: its data is gone"),

		row("disk.sgdisk.zap", "sgdisk", rules.Flag("Z", "zap-all", "z", "zap", "o", "clear", "d", "delete", "n", "new", "g", "mbrtogpt"), model.TierUnrecoverable,
			"rewrites or erases the partition table: the partitions, and the data in them, become unreachable"),
		row("disk.sgdisk", "sgdisk", nil, model.TierReversible, "prints or verifies the partition table"),
		row("disk.sfdisk.read", "sfdisk", list, model.TierReversible, "lists or dumps the partition table"),
		row("disk.sfdisk", "sfdisk", nil, model.TierUnrecoverable, "writes a new partition table from its input, which replaces the partitions on the device"),
		row("disk.fdisk.list", "fdisk", rules.Flag("l", "list"), model.TierReversible, "lists partition tables"),
		row("disk.fdisk", "fdisk", nil, model.TierNeedsReview, "edits a partition table interactively: what is typed into it is not in the input"),
		row("disk.parted.destroy", "parted", rules.Operand(1, "mklabel, mktable, rm or resizepart", partedWrite), model.TierUnrecoverable,
			"writes a new partition table or removes or shrinks a partition: the data in it becomes unreachable"),
		row("disk.parted.read", "parted", rules.Any(rules.Flag("l", "list"), rules.Operand(1, "print", func(a model.Arg, _ *model.Command) bool { return a.Value == "print" })),
			model.TierReversible, "prints partition tables"),
		row("disk.parted", "parted", nil, model.TierNeedsReview, "edits partitions: what it changes is not in the input"),

		row("disk.hdparm.erase", "hdparm", rules.Flag("security-erase", "security-erase-enhanced", "trim-sector-ranges", "write-sector", "make-bad-sector"),
			model.TierUnrecoverable, "erases the drive, or sectors of it, in firmware"),
		row("disk.hdparm", "hdparm", nil, model.TierRecoverableWithEffort, "reads or tunes drive settings"),
		row("disk.cryptsetup.format", "cryptsetup", rules.Any(rules.Sub("luksFormat"), rules.Sub("erase"), rules.Sub("luksErase"), rules.Sub("reencrypt")),
			model.TierUnrecoverable, "formats or erases an encrypted volume: its key slots, and with them the data, are gone"),
		row("disk.cryptsetup.keys", "cryptsetup", rules.Any(rules.Sub("luksKillSlot"), rules.Sub("luksRemoveKey")), model.TierNeedsReview,
			"removes a key slot: if it held the last known passphrase, the volume is locked for good"),
		row("disk.cryptsetup", "cryptsetup", nil, model.TierRecoverableWithEffort, "opens, closes or inspects encrypted volumes"),

		row("disk.lvremove", "lvremove", rules.Not(help), model.TierUnrecoverable, "removes logical volumes with the data on them"),
		row("disk.vgremove", "vgremove", rules.Not(help), model.TierUnrecoverable, "removes volume groups with every logical volume in them"),
		row("disk.pvremove", "pvremove", rules.Not(help), model.TierUnrecoverable, "wipes the LVM label from physical volumes"),
		row("disk.lvreduce", "lvreduce", rules.Not(help), model.TierNeedsReview, "shrinks a logical volume: data past the new end is lost unless the filesystem was shrunk first"),
		row("disk.lvresize.shrink", "lvresize", shrinks("L", "size", "l", "extents"), model.TierNeedsReview, "shrinks a logical volume: data past the new end is lost unless the filesystem was shrunk first"),
		row("disk.resize2fs", "resize2fs", rules.All(rules.Not(help), rules.Operand(1, "a new size", anyOperand)), model.TierNeedsReview,
			"resizes the filesystem to a given size: shrinking it below its data fails or loses it, and whether this shrinks is not in the input"),
		row("disk.mdadm.zero", "mdadm", rules.Flag("zero-superblock"), model.TierUnrecoverable, "erases the RAID superblock: the member is no longer part of its array"),
		row("disk.mdadm", "mdadm", nil, model.TierRecoverableWithEffort, "creates, stops or changes arrays"),

		row("disk.zpool.destroy", "zpool", rules.Any(rules.Sub("destroy"), rules.Sub("labelclear")), model.TierUnrecoverable, "destroys the pool and every dataset in it"),
		row("disk.zpool", "zpool", nil, model.TierRecoverableWithEffort, "reads or changes pools"),
		row("disk.zfs.destroy", "zfs", rules.Any(rules.Sub("destroy"), rules.All(rules.Sub("rollback"), rules.Flag("r", "R"))), model.TierUnrecoverable,
			"destroys datasets or snapshots (a rollback with -r destroys the snapshots taken after it)"),
		row("disk.zfs", "zfs", nil, model.TierRecoverableWithEffort, "reads, creates or changes datasets"),
		row("disk.btrfs.delete", "btrfs", rules.Any(rules.Sub("subvolume", "delete"), rules.Sub("device", "delete"), rules.Sub("device", "remove")), model.TierUnrecoverable,
			"deletes subvolumes (snapshots included) or removes devices"),
		row("disk.btrfs-check.repair", "btrfs", rules.All(rules.Sub("check"), rules.Flag("repair", "init-csum-tree", "init-extent-tree")), model.TierNeedsReview,
			"btrfs check --repair rewrites the filesystem's trees; its own documentation warns it can make the damage worse, and whether a backup exists is not in the input"),
		row("disk.btrfs", "btrfs", nil, model.TierRecoverableWithEffort, "reads or changes btrfs filesystems"),

		row("disk.pvcreate.force", "pvcreate", rules.Flag("f", "force", "y", "yes"), model.TierUnrecoverable,
			"writes an LVM label over the device, wiping the filesystem or partition signature on it without asking"),
		row("disk.pvcreate", "pvcreate", nil, model.TierRecoverableWithEffort, "writes an LVM label; it asks before wiping a signature it finds"),
		row("disk.badblocks.write", "badblocks", rules.Flag("w"), model.TierUnrecoverable, "badblocks -w writes test patterns over the whole device: its data is gone"),
		row("disk.badblocks.non-destructive", "badblocks", rules.Flag("n"), model.TierRecoverableWithEffort,
			"badblocks -n rewrites every block with its own contents; an interruption can leave blocks damaged"),
		row("disk.badblocks", "badblocks", nil, model.TierReversible, "reads the device looking for bad blocks"),
		row("disk.xfs-repair.zero-log", "xfs_repair", rules.Flag("L"), model.TierUnrecoverable,
			"xfs_repair -L zeroes the log: the metadata changes in it are lost and files can be damaged"),
		row("disk.xfs-repair.check", "xfs_repair", rules.Flag("n"), model.TierReversible, "xfs_repair -n only checks"),
		row("disk.xfs-repair", "xfs_repair", nil, model.TierRecoverableWithEffort, "repairs the filesystem; a repair can discard damaged data"),
		row("disk.nvme.erase", "nvme", rules.Any(rules.Sub("format"), rules.Sub("sanitize"), rules.Sub("delete-ns"), rules.Sub("write-zeroes")),
			model.TierUnrecoverable, "formats, sanitizes or deletes an NVMe namespace: the data on it is gone"),
		row("disk.nvme.read", "nvme", rules.Any(rules.Sub("list"), rules.Sub("id-ctrl"), rules.Sub("id-ns"), rules.Sub("smart-log"), rules.Sub("error-log"),
			rules.Sub("list-ns"), rules.Sub("fw-log"), rules.Sub("version"), rules.Sub("help")), model.TierReversible, "reads NVMe device information"),
		row("disk.nvme", "nvme", nil, model.TierRecoverableWithEffort, "changes NVMe device settings"),
		row("disk.sg-format", "sg_format", rules.Flag("F", "format"), model.TierUnrecoverable, "low-level formats the SCSI disk: its data is gone"),
		row("disk.sg-format.read", "sg_format", nil, model.TierReversible, "without --format, sg_format only reports"),
		row("disk.flashrom.write", "flashrom", rules.Flag("w", "write", "E", "erase"), model.TierUnrecoverable,
			"writes or erases the firmware flash chip: a wrong or interrupted write leaves the machine unable to boot"),
		row("disk.flashrom", "flashrom", nil, model.TierReversible, "reads or probes the firmware flash chip"),
		row("disk.efibootmgr.change", "efibootmgr", rules.Flag("B", "delete-bootnum", "c", "create", "o", "bootorder", "A", "inactive", "n", "bootnext"),
			model.TierRecoverableWithEffort, "changes the firmware's boot entries or order; a wrong change leaves the machine booting something else, or nothing"),
		row("disk.efibootmgr", "efibootmgr", nil, model.TierReversible, "lists the firmware's boot entries"),
		row("disk.grub-install", "grub-install", rules.Not(help), model.TierRecoverableWithEffort,
			"writes the boot loader to the disk's boot area; the previous one is gone, which matters when another system booted from it"),

		row("disk.diskutil.erase", "diskutil", rules.Any(rules.Sub("eraseDisk"), rules.Sub("eraseVolume"), rules.Sub("zeroDisk"), rules.Sub("randomDisk"),
			rules.Sub("secureErase"), rules.Sub("partitionDisk"), rules.Sub("reformat"), rules.Sub("apfs", "deleteContainer"), rules.Sub("apfs", "deleteVolume"),
			rules.Sub("apfs", "eraseVolume"), rules.Sub("apfs", "deleteSnapshot"), rules.Sub("appleRAID", "delete"), rules.Sub("cs", "delete")),
			model.TierUnrecoverable, "erases, repartitions or deletes a disk, volume, container or snapshot (macOS): the data on it is gone"),
		row("disk.diskutil.read", "diskutil", rules.Any(rules.Sub("list"), rules.Sub("info"), rules.Sub("activity"), rules.Sub("listFilesystems"), rules.Sub("apfs", "list")),
			model.TierReversible, "lists disks and volumes"),
		row("disk.diskutil", "diskutil", nil, model.TierRecoverableWithEffort, "mounts, unmounts, ejects, verifies or renames disks and volumes"),
	}
	for _, p := range fsckPrograms {
		id := "disk." + strings.ReplaceAll(p, ".", "-")
		switch p {
		case "e2fsck":
			id = "disk.fsck" // its rows' ids from before the others were added
		case "fsck":
			id = "disk.fsck-frontend" // fsck runs the fsck.TYPE of the filesystem
		}
		rows = append(rows,
			row(id+".repair", p, rules.All(rules.Not(rules.Flag("n", "no")), rules.Flag("y", "yes", "p", "a", "preen", "f", "force")), model.TierRecoverableWithEffort,
				"repairs a filesystem automatically; a repair can discard damaged data"),
			row(id, p, nil, model.TierReversible, "checks a filesystem; it asks before each repair, and -n answers no to all"))
	}
	return rows
}

// fsckPrograms check and repair filesystems.
var fsckPrograms = []string{"e2fsck", "fsck", "fsck.ext2", "fsck.ext3", "fsck.ext4", "fsck.vfat", "fsck.fat", "fsck.msdos", "dosfsck", "fsck.exfat", "fsck.f2fs"}

// partedWrite holds for parted commands that destroy partitions.
func partedWrite(a model.Arg, _ *model.Command) bool {
	switch a.Value {
	case "mklabel", "mktable", "rm", "resizepart":
		return true
	}
	return false
}

// shrinks holds when a size flag's value is negative (lvresize -L -10G).
func shrinks(flags ...string) rules.Cond {
	return rules.Func("a size that shrinks", func(f rules.Facts) rules.Result {
		if v, ok := rules.FlagValue(f.M.Command, flags...); ok && strings.HasPrefix(v, "-") {
			return rules.Result{Truth: rules.True, Evidence: []model.Evidence{{Key: "size", Value: v, Present: true}}}
		}
		return rules.Result{Truth: rules.False}
	})
}

func anyOperand(model.Arg, *model.Command) bool { return true }
