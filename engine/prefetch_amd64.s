#include "textflag.h"

// func prefetchBusy(node unsafe.Pointer, busy []uint64)
TEXT ·prefetchBusy(SB), NOSPLIT, $0-32
	MOVQ node+0(FP), AX
	MOVQ busy_base+8(FP), SI
	MOVQ busy_len+16(FP), CX
	MOVQ $0x5555555555555555, R8
	TESTQ CX, CX
	JEQ done
word:
	MOVQ (SI), DX
	MOVQ DX, BX
	SHRQ $1, BX
	ORQ BX, DX
	ANDQ R8, DX
	JEQ next
bit:
	BSFQ DX, BX
	SHLQ $5, BX
	PREFETCHT0 (AX)(BX*1)
	LEAQ -1(DX), BX
	ANDQ BX, DX
	JNE bit
next:
	ADDQ $8, SI
	ADDQ $2048, AX
	DECQ CX
	JNE word
done:
	RET

// func prefetchQueued(node unsafe.Pointer, p []queued)
TEXT ·prefetchQueued(SB), NOSPLIT, $0-32
	MOVQ node+0(FP), AX
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), CX
	TESTQ CX, CX
	JEQ done2
loop:
	MOVL 8(SI), DX
	SHLQ $5, DX
	PREFETCHT0 (AX)(DX*1)
	ADDQ $16, SI
	DECQ CX
	JNE loop
done2:
	RET
