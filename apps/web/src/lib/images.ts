import { imagenesApi } from '@bufete/shared/api/imagenes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/** The images of a case or a note (cases and notes show them; the gallery is shared: components/images). */
export type ImageOwner = { casoId: string; notaId?: undefined } | { notaId: string; casoId?: undefined };

export const imageKeys = {
  all: resourceKeys.imagenes,
  of: (owner: ImageOwner) => ['imagenes', owner.casoId ? `caso:${owner.casoId}` : `nota:${owner.notaId}`] as const,
};

export function useImages(owner: ImageOwner, enabled = true) {
  return useQuery({
    queryKey: imageKeys.of(owner),
    enabled,
    queryFn: async () => (await call(imagenesApi.list, { query: { caso_id: owner.casoId, nota_id: owner.notaId } })).items,
  });
}

function useInvalidateImages() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: imageKeys.all });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.casos });
  };
}

export function useUploadImage() {
  const invalidate = useInvalidateImages();
  return useMutation({
    mutationFn: ({ file, owner }: { file: File; owner: ImageOwner }) => upload(imagenesApi.upload, { fields: { caso_id: owner.casoId, nota_id: owner.notaId }, file }),
    onSuccess: invalidate,
  });
}

export function useDeleteImage() {
  const invalidate = useInvalidateImages();
  return useMutation({ mutationFn: (id: string) => call(imagenesApi.remove, { params: { id } }), onSuccess: invalidate });
}
